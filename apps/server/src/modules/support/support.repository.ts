import type { Kysely, Selectable } from 'kysely';
import {
  issueTypeLabel,
  ratingLabel,
  recommendLabel,
  usabilityLabel,
  type ContactMessage,
  type ContactMessageInput,
  type FeedbackEntry,
  type FeedbackInput,
} from '@cadenza/contract/support';
import {
  toIso,
  type ContactMessagesTable,
  type Database,
  type FeedbackTable,
} from '../../db/schema';

function toContactMessage(row: Selectable<ContactMessagesTable>): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    issueType: row.issue_type,
    issueTypeLabel: issueTypeLabel(row.issue_type),
    createdAt: toIso(row.created_at),
  };
}

function toFeedbackEntry(row: Selectable<FeedbackTable>): FeedbackEntry {
  return {
    _id: row.id,
    rating: row.rating,
    ratingText: ratingLabel(row.rating),
    usability: row.usability,
    usabilityText: usabilityLabel(row.usability),
    liked: row.liked,
    improvements: row.improvements,
    recommend: row.recommend,
    recommendText: recommendLabel(row.recommend),
    additionalFeedback: row.additional_feedback,
    user: row.user_name,
    createdAt: toIso(row.created_at),
  };
}

/** Where a page starts: after this id, newest first; ids are UUIDv7, so they sort by creation. */
export interface InboxPageRequest {
  readonly limit: number;
  readonly afterId?: string | undefined;
}

export class SupportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertContactMessage(
    id: string,
    input: ContactMessageInput,
    createdAt: string,
  ): Promise<ContactMessage> {
    const row = await this.db
      .insertInto('contact_messages')
      .values({
        id,
        name: input.name,
        email: input.email.toLowerCase(),
        subject: input.subject ?? null,
        message: input.message,
        issue_type: input.issueType,
        created_at: createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toContactMessage(row);
  }

  async insertFeedback(
    id: string,
    input: FeedbackInput,
    createdAt: string,
  ): Promise<FeedbackEntry> {
    const row = await this.db
      .insertInto('feedback')
      .values({
        id,
        rating: input.rating,
        usability: input.usability,
        liked: input.liked ?? null,
        improvements: input.improvements ?? null,
        recommend: input.recommend,
        additional_feedback: input.additionalFeedback ?? null,
        user_name: input.user,
        created_at: createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toFeedbackEntry(row);
  }

  /** Newest first; fetches `limit` rows (the caller asks one more to learn whether more exist). */
  async listContactMessages({ limit, afterId }: InboxPageRequest): Promise<ContactMessage[]> {
    let query = this.db.selectFrom('contact_messages').selectAll();
    if (afterId !== undefined) query = query.where('id', '<', afterId);
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toContactMessage);
  }

  async listFeedback({ limit, afterId }: InboxPageRequest): Promise<FeedbackEntry[]> {
    let query = this.db.selectFrom('feedback').selectAll();
    if (afterId !== undefined) query = query.where('id', '<', afterId);
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toFeedbackEntry);
  }
}
