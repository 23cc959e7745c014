import type { Kysely } from 'kysely';
import { toIso, type Database } from '../../db/schema';

/** A message with who left it. */
export interface ChatMessageRecord {
  readonly id: string;
  /** The author's sign-in address, Subsonic's username. */
  readonly authorEmail: string;
  readonly message: string;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
}

export class ListenerChatRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(message: { id: string; userId: string; message: string; createdAt: string }) {
    await this.db
      .insertInto('listener_chat_messages')
      .values({
        id: message.id,
        user_id: message.userId,
        message: message.message,
        created_at: message.createdAt,
      })
      .execute();
  }

  /** The newest `limit` messages left after `since` (ISO-8601), newest first. */
  async since(since: string, limit: number): Promise<ChatMessageRecord[]> {
    const rows = await this.db
      .selectFrom('listener_chat_messages as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.message', 'm.created_at', 'u.email'])
      .where('m.created_at', '>', since)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      authorEmail: row.email,
      message: row.message,
      createdAt: toIso(row.created_at),
    }));
  }
}
