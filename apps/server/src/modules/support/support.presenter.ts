import {
  issueTypeLabel,
  ratingLabel,
  recommendLabel,
  usabilityLabel,
  type ContactMessage,
  type FeedbackEntry,
} from '@cadenza/contract/support';
import type { ContactMessageRecord, FeedbackRecord } from './support-record';

/** A contact message as the admin inbox reads it, with its issue type's label. */
export function presentContactMessage(message: ContactMessageRecord): ContactMessage {
  return {
    _id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    issueType: message.issueType,
    issueTypeLabel: issueTypeLabel(message.issueType),
    createdAt: message.createdAt,
  };
}

/** A feedback answer as the admin inbox reads it, each choice with its label. */
export function presentFeedbackEntry(entry: FeedbackRecord): FeedbackEntry {
  return {
    _id: entry.id,
    rating: entry.rating,
    ratingText: ratingLabel(entry.rating),
    usability: entry.usability,
    usabilityText: usabilityLabel(entry.usability),
    liked: entry.liked,
    improvements: entry.improvements,
    recommend: entry.recommend,
    recommendText: recommendLabel(entry.recommend),
    additionalFeedback: entry.additionalFeedback,
    user: entry.userName,
    createdAt: entry.createdAt,
  };
}
