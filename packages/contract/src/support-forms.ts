import { z } from 'zod';
import { emailField, nameField, plainText } from './validation';
import {
  ISSUE_TYPES,
  MAX_FEEDBACK_ANSWER_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_RATING,
  MAX_SUBJECT_LENGTH,
  MIN_RATING,
  RECOMMEND_OPTIONS,
  supportMessages,
  USABILITY_OPTIONS,
  type IssueType,
  type Recommend,
  type Usability,
} from './support';

// Web-only form shapes: the rules of contactBodySchema and feedbackBodySchema, with the empty
// starting values a form needs (no issue type chosen, a rating of 0, no option picked).

const isOneOf =
  <T extends string>(options: readonly { readonly value: T }[]) =>
  (value: string): value is T =>
    options.some((option) => option.value === value);

export const isIssueType = isOneOf<IssueType>(ISSUE_TYPES);
export const isUsability = isOneOf<Usability>(USABILITY_OPTIONS);
export const isRecommend = isOneOf<Recommend>(RECOMMEND_OPTIONS);

export const contactFormSchema = z.object({
  name: nameField,
  email: emailField(),
  subject: plainText('Subject')
    .trim()
    .max(MAX_SUBJECT_LENGTH, `Subject must be at most ${MAX_SUBJECT_LENGTH} characters`),
  issueType: z.string().refine(isIssueType, supportMessages.issueTypeRequired),
  message: plainText('Message')
    .trim()
    .min(1, supportMessages.messageRequired)
    .max(MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH} characters`),
});
export type ContactForm = z.input<typeof contactFormSchema>;

const optionalAnswer = (what: string) =>
  plainText(what)
    .trim()
    .max(
      MAX_FEEDBACK_ANSWER_LENGTH,
      `${what} must be at most ${MAX_FEEDBACK_ANSWER_LENGTH} characters`,
    );

export const feedbackFormSchema = z.object({
  rating: z
    .number()
    .int(supportMessages.ratingRequired)
    .min(MIN_RATING, supportMessages.ratingRequired)
    .max(MAX_RATING, supportMessages.ratingRequired),
  usability: z.string().refine(isUsability, supportMessages.optionRequired),
  recommend: z.string().refine(isRecommend, supportMessages.optionRequired),
  liked: optionalAnswer('What you liked'),
  improvements: optionalAnswer('Suggested improvements'),
  additionalFeedback: optionalAnswer('Additional feedback'),
});
export type FeedbackForm = z.input<typeof feedbackFormSchema>;
