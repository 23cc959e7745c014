import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The SQL of the maintenance jobs: which stored blobs rows still name, and the purge of rows
 * that no longer mean anything (expired revocations and sessions, spent or expired reset and
 * e-mail confirmation links, invitations long ended).
 */
export class MaintenanceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The keys among `keys` that some row names. Every column holding a blob key is asked here:
   * a column added later that names blobs must be added too, or the sweep takes its files. A
   * kept image (a row of `images`) stays even between the transactions that take and release it.
   */
  async referencedBlobKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const list = [...keys];
    const [
      audio,
      images,
      songCovers,
      playlistCovers,
      profileImages,
      albumCovers,
      episodes,
      podcastCovers,
    ] = await Promise.all([
      this.db
        .selectFrom('songs')
        .select('audio_key as key')
        .where('audio_key', 'in', list)
        .execute(),
      this.db.selectFrom('images').select('key').where('key', 'in', list).execute(),
      this.db
        .selectFrom('songs')
        .select('cover_key as key')
        .where('cover_key', 'in', list)
        .execute(),
      this.db
        .selectFrom('playlists')
        .select('cover_key as key')
        .where('cover_key', 'in', list)
        .execute(),
      this.db
        .selectFrom('users')
        .select('profile_image as key')
        .where('profile_image', 'in', list)
        .execute(),
      this.db
        .selectFrom('albums')
        .select('cover_key as key')
        .where('cover_key', 'in', list)
        .execute(),
      this.db
        .selectFrom('podcast_episodes')
        .select('audio_key as key')
        .where('audio_key', 'in', list)
        .execute(),
      this.db
        .selectFrom('podcast_channels')
        .select('cover_key as key')
        .where('cover_key', 'in', list)
        .execute(),
    ]);
    const referenced = new Set<string>();
    for (const row of [
      ...audio,
      ...images,
      ...songCovers,
      ...playlistCovers,
      ...profileImages,
      ...albumCovers,
      ...episodes,
      ...podcastCovers,
    ]) {
      if (row.key !== null) referenced.add(row.key);
    }
    return referenced;
  }

  /** Revocations of tokens that have expired anyway; answers how many went. */
  /** Login attempts whose window has ended: they no longer count against anyone. */
  async purgeEndedLoginAttempts(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('login_attempts')
      .where('window_ends_at', '<=', now.getTime())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async purgeExpiredRevocations(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('revoked_tokens')
      .where('expires_at', '<', now.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Reset links that were used or have expired: none of them can work again. */
  async purgeSpentPasswordResets(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('password_resets')
      .where((eb) =>
        eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', now.toISOString())]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Sessions past their expiry: their token no longer signs anyone in, and they are not listed. */
  async purgeExpiredSessions(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('account_sessions')
      .where('expires_at', '<', now.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** E-mail confirmation links that were used or have expired: none of them can work again. */
  async purgeSpentEmailChanges(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('email_changes')
      .where((eb) =>
        eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', now.toISOString())]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Invitations used or expired before `endedBefore`. */
  async purgeEndedInvitations(endedBefore: Date): Promise<number> {
    const before = endedBefore.toISOString();
    const result = await this.db
      .deleteFrom('invitations')
      .where((eb) => eb.or([eb('used_at', '<', before), eb('expires_at', '<', before)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
