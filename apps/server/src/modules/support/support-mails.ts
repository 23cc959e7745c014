import {
  issueTypeLabel,
  ratingLabel,
  recommendLabel,
  usabilityLabel,
} from '@cadenza/contract/support';
import type { MailMessage } from '../../mail/mailer';
import type { ContactMessageRecord, FeedbackRecord } from './support-record';

/** Keeps a visitor's text from adding header lines to the subject. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').slice(0, 150);
}

export function contactMail(message: ContactMessageRecord, supportEmail: string): MailMessage {
  const issueType = issueTypeLabel(message.issueType);
  const topic = message.subject ?? issueType;
  return {
    to: supportEmail,
    replyTo: message.email,
    subject: oneLine(`[Cadenza contact] ${issueType}: ${topic}`),
    text: [
      `From: ${message.name} <${message.email}>`,
      `Issue type: ${issueType}`,
      `Subject: ${message.subject ?? '(none)'}`,
      `Received: ${message.createdAt}`,
      '',
      message.message,
    ].join('\n'),
  };
}

export function feedbackMail(entry: FeedbackRecord, supportEmail: string): MailMessage {
  const answer = (text: string | null) => text ?? '(no answer)';
  const rating = `${entry.rating}/5 (${ratingLabel(entry.rating)})`;
  return {
    to: supportEmail,
    subject: oneLine(`[Cadenza feedback] ${rating} from ${entry.userName}`),
    text: [
      `From: ${entry.userName}`,
      `Received: ${entry.createdAt}`,
      `Overall rating: ${rating}`,
      `Ease of use: ${usabilityLabel(entry.usability)}`,
      `Would recommend: ${recommendLabel(entry.recommend)}`,
      '',
      'What they liked:',
      answer(entry.liked),
      '',
      'What could be improved:',
      answer(entry.improvements),
      '',
      'Anything else:',
      answer(entry.additionalFeedback),
    ].join('\n'),
  };
}
