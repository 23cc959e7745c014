import type { ContactMessage, FeedbackEntry } from '@cadenza/contract/support';
import type { MailMessage } from '../../mail/mailer';

/** Keeps a visitor's text from adding header lines to the subject. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').slice(0, 150);
}

export function contactMail(message: ContactMessage, supportEmail: string): MailMessage {
  const topic = message.subject ?? message.issueTypeLabel;
  return {
    to: supportEmail,
    replyTo: message.email,
    subject: oneLine(`[Cadenza contact] ${message.issueTypeLabel}: ${topic}`),
    text: [
      `From: ${message.name} <${message.email}>`,
      `Issue type: ${message.issueTypeLabel}`,
      `Subject: ${message.subject ?? '(none)'}`,
      `Received: ${message.createdAt}`,
      '',
      message.message,
    ].join('\n'),
  };
}

export function feedbackMail(entry: FeedbackEntry, supportEmail: string): MailMessage {
  const answer = (text: string | null) => text ?? '(no answer)';
  return {
    to: supportEmail,
    subject: oneLine(
      `[Cadenza feedback] ${entry.rating}/5 (${entry.ratingText}) from ${entry.user}`,
    ),
    text: [
      `From: ${entry.user}`,
      `Received: ${entry.createdAt}`,
      `Overall rating: ${entry.rating}/5 (${entry.ratingText})`,
      `Ease of use: ${entry.usabilityText}`,
      `Would recommend: ${entry.recommendText}`,
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
