import { z } from 'zod';
import { emailField, MAX_NAME_LENGTH, nameField, plainText, text } from './validation';

/** The contact form's issue types and their labels (docs/product.md §3), in the order the form lists them. */
export const ISSUE_TYPES = [
  { value: 'account', label: 'Account & Login' },
  { value: 'billing', label: 'Billing & Subscription' },
  { value: 'playback', label: 'Playback & Streaming' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'bug', label: 'Report a Bug' },
  { value: 'other', label: 'Other' },
] as const;
export type IssueType = (typeof ISSUE_TYPES)[number]['value'];

/** Overall rating labels, index 0 for a rating of 1 (docs/product.md §3). */
export const RATING_LABELS = ['Poor', 'Below Average', 'Average', 'Good', 'Excellent'] as const;
export const MIN_RATING = 1;
export const MAX_RATING = 5;

export const USABILITY_OPTIONS = [
  { value: 'very_easy', label: 'Very Easy' },
  { value: 'easy', label: 'Easy' },
  { value: 'neutral', label: 'Neutral' },
  { value: 'difficult', label: 'Difficult' },
  { value: 'very_difficult', label: 'Very Difficult' },
] as const;
export type Usability = (typeof USABILITY_OPTIONS)[number]['value'];

export const RECOMMEND_OPTIONS = [
  { value: 'very_likely', label: 'Very Likely' },
  { value: 'likely', label: 'Likely' },
  { value: 'neutral', label: 'Neutral' },
  { value: 'unlikely', label: 'Unlikely' },
  { value: 'very_unlikely', label: 'Very Unlikely' },
] as const;
export type Recommend = (typeof RECOMMEND_OPTIONS)[number]['value'];

type Option = { readonly value: string; readonly label: string };
const valuesOf = <const T extends readonly Option[]>(options: T) =>
  options.map((option) => option.value) as [T[number]['value'], ...T[number]['value'][]];
const labelOf = (options: readonly Option[], value: string): string =>
  options.find((option) => option.value === value)?.label ?? value;

export const issueTypeLabel = (value: string): string => labelOf(ISSUE_TYPES, value);
export const usabilityLabel = (value: string): string => labelOf(USABILITY_OPTIONS, value);
export const recommendLabel = (value: string): string => labelOf(RECOMMEND_OPTIONS, value);
export const ratingLabel = (rating: number): string => RATING_LABELS[rating - 1] ?? String(rating);

/** The wording of docs/product.md §5 and §8 for these forms. */
export const supportMessages = {
  messageRequired: 'Message is required',
  issueTypeRequired: 'Please select an issue type',
  contactFormInvalid: 'Please correct the errors in the form.',
  contactSent: "Your message has been sent! We'll get back to you soon.",
  contactFailed: 'Failed to send message. Please try again later.',
  ratingRequired: 'Please provide an overall rating',
  optionRequired: 'Please select an option',
  feedbackFormInvalid: 'Please complete all required fields.',
  feedbackSent: 'Thank you! Your feedback has been submitted successfully.',
  feedbackFailed: 'Failed to submit feedback. Please try again.',
} as const;

export const ANONYMOUS_USER = 'Anonymous User';
export const MAX_SUBJECT_LENGTH = 200;
export const MAX_MESSAGE_LENGTH = 5000;
export const MAX_FEEDBACK_ANSWER_LENGTH = 2000;

/** Optional free text: trimmed, blank becomes absent. */
function optionalText(max: number, what: string) {
  return plainText(what, { error: `${what} must be text` })
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** What the browser sends and never needs: the server derives these itself. */
const ignoredExtra = (field: string) => text(field).max(200).optional();

/** POST /api/support/contact (docs/product.md §3 and §5). */
export const contactBodySchema = z.object({
  name: nameField,
  email: emailField(),
  subject: optionalText(MAX_SUBJECT_LENGTH, 'Subject'),
  message: plainText('Message', { error: supportMessages.messageRequired })
    .trim()
    .min(1, supportMessages.messageRequired)
    .max(MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH} characters`),
  issueType: z.enum(valuesOf(ISSUE_TYPES), { error: supportMessages.issueTypeRequired }),
  date: ignoredExtra('date'),
  issueTypeLabel: ignoredExtra('issueTypeLabel'),
});
export type ContactBody = z.input<typeof contactBodySchema>;
export type ContactMessageInput = z.output<typeof contactBodySchema>;

/** POST /api/support/feedback (docs/product.md §3 and §5). */
export const feedbackBodySchema = z.object({
  rating: z
    .number({ error: supportMessages.ratingRequired })
    .int(supportMessages.ratingRequired)
    .min(MIN_RATING, supportMessages.ratingRequired)
    .max(MAX_RATING, `Rating must be from ${MIN_RATING} to ${MAX_RATING}`),
  usability: z.enum(valuesOf(USABILITY_OPTIONS), { error: supportMessages.optionRequired }),
  liked: optionalText(MAX_FEEDBACK_ANSWER_LENGTH, 'What you liked'),
  improvements: optionalText(MAX_FEEDBACK_ANSWER_LENGTH, 'Suggested improvements'),
  recommend: z.enum(valuesOf(RECOMMEND_OPTIONS), { error: supportMessages.optionRequired }),
  additionalFeedback: optionalText(MAX_FEEDBACK_ANSWER_LENGTH, 'Additional feedback'),
  date: ignoredExtra('date'),
  ratingText: ignoredExtra('ratingText'),
  usabilityText: ignoredExtra('usabilityText'),
  recommendText: ignoredExtra('recommendText'),
  user: optionalText(MAX_NAME_LENGTH, 'User').transform((value) => value ?? ANONYMOUS_USER),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;
export type FeedbackInput = z.output<typeof feedbackBodySchema>;

/** A stored contact message, as admins read it in the inbox. */
export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  issueType: z.string(),
  issueTypeLabel: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** A stored feedback answer, as admins read it in the inbox. */
export const feedbackEntrySchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  ratingText: z.string(),
  usability: z.string(),
  usabilityText: z.string(),
  liked: z.string().nullable(),
  improvements: z.string().nullable(),
  recommend: z.string(),
  recommendText: z.string(),
  additionalFeedback: z.string().nullable(),
  user: z.string(),
  createdAt: z.string(),
});
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;
