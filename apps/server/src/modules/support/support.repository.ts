import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { PageQuery } from '@cadenza/contract/paging';
import type {
  ContactMessageInput,
  FeedbackInput,
  IssueType,
  Recommend,
  Usability,
} from '@cadenza/contract/support';
import {
  toIso,
  type ContactMessagesTable,
  type Database,
  type FeedbackTable,
} from '../../db/schema';
import { decodeIdCursor, DEFAULT_PAGE_SIZE, toPage, type Page } from '../../paging';
import type { ContactMessageRecord, FeedbackRecord } from './support-record';

function contactMessageRecordOf(row: Selectable<ContactMessagesTable>): ContactMessageRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    // Only validated issue types are ever stored.
    issueType: row.issue_type as IssueType,
    createdAt: toIso(row.created_at),
  };
}

function feedbackRecordOf(row: Selectable<FeedbackTable>): FeedbackRecord {
  return {
    id: row.id,
    rating: row.rating,
    // Only validated answers are ever stored.
    usability: row.usability as Usability,
    liked: row.liked,
    improvements: row.improvements,
    recommend: row.recommend as Recommend,
    additionalFeedback: row.additional_feedback,
    userName: row.user_name,
    createdAt: toIso(row.created_at),
  };
}

/** The two inboxes: tables keyed by UUIDv7 ids, which sort by creation. */
type InboxTable = 'contact_messages' | 'feedback';

/**
 * One page of an inbox, newest first by id; the cursor holds the last id of the page before. One
 * row more than the page is fetched: it only proves that another page follows.
 */
async function newestFirstById<TB extends InboxTable, Row, R extends { readonly id: string }>(
  select: SelectQueryBuilder<Database, TB, Row>,
  query: PageQuery,
  recordOf: (row: Row) => R,
): Promise<Page<R>> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const afterId = query.cursor === undefined ? undefined : decodeIdCursor(query.cursor);
  const id = sql.ref<string>('id');
  const page = select.orderBy(id, 'desc').limit(limit + 1);
  const rows = await (afterId === undefined ? page : page.where(id, '<', afterId)).execute();
  return toPage(rows.map(recordOf), limit, (record) => record.id);
}

export class SupportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertContactMessage(
    id: string,
    input: ContactMessageInput,
    createdAt: string,
  ): Promise<ContactMessageRecord> {
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
    return contactMessageRecordOf(row);
  }

  async insertFeedback(
    id: string,
    input: FeedbackInput,
    createdAt: string,
  ): Promise<FeedbackRecord> {
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
    return feedbackRecordOf(row);
  }

  /** Contact messages, newest first, a page at a time. */
  async pageContactMessages(query: PageQuery): Promise<Page<ContactMessageRecord>> {
    const select = this.db.selectFrom('contact_messages').selectAll();
    return newestFirstById(select, query, contactMessageRecordOf);
  }

  /** Feedback answers, newest first, a page at a time. */
  async pageFeedback(query: PageQuery): Promise<Page<FeedbackRecord>> {
    return newestFirstById(this.db.selectFrom('feedback').selectAll(), query, feedbackRecordOf);
  }
}
