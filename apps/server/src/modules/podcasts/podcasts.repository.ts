import type { Kysely, Selectable } from 'kysely';
import { forUpdate } from '../../db/atomic';
import { toIso, type Database, type PodcastEpisodeStatus } from '../../db/schema';
import type { FeedEpisode } from './feed-parser';

/** A subscribed feed, with how many episodes it lists. */
export interface ChannelRecord {
  readonly id: string;
  readonly feedUrl: string;
  readonly title: string;
  readonly description: string;
  readonly imageUrl: string | null;
  readonly homepageUrl: string | null;
  readonly coverKey: string | null;
  readonly autoDownload: number;
  readonly errorMessage: string | null;
  /** ISO-8601 UTC. */
  readonly refreshedAt: string | null;
  readonly createdAt: string;
  readonly episodeCount: number;
}

/** An episode as its feed last listed it, and its download. */
export interface EpisodeRecord extends FeedEpisode {
  readonly id: string;
  readonly channelId: string;
  readonly status: PodcastEpisodeStatus;
  readonly audioKey: string | null;
  readonly audioMime: string | null;
  readonly audioBytes: number | null;
  readonly errorMessage: string | null;
  readonly createdAt: string;
}

/** What a feed says of itself, written at each refresh. */
export interface ChannelFeed {
  readonly title: string;
  readonly description: string;
  readonly imageUrl: string | null;
  readonly homepageUrl: string | null;
}

/** The stored file of a downloaded episode. */
export interface EpisodeFile {
  readonly audioKey: string;
  readonly audioMime: string;
  readonly audioBytes: number;
}

/** The most podcasts listed: subscriptions are a handful, never a catalogue. */
const LISTED_CHANNELS = 1000;
/** Episodes written per statement: well under either database's limit of parameters. */
const EPISODE_BATCH = 100;
/** The states an episode may be downloaded (again) from. */
const DOWNLOADABLE: readonly PodcastEpisodeStatus[] = ['new', 'error', 'deleted'];

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function episodeOf(row: Selectable<Database['podcast_episodes']>): EpisodeRecord {
  return {
    id: row.id,
    channelId: row.channel_id,
    guid: row.guid,
    title: row.title,
    description: row.description,
    publishedAt: row.published_at === null ? null : toIso(row.published_at),
    durationSeconds: row.duration_seconds,
    enclosureUrl: row.enclosure_url,
    enclosureType: row.enclosure_type,
    enclosureBytes: numberOrNull(row.enclosure_bytes),
    status: row.status,
    audioKey: row.audio_key,
    audioMime: row.audio_mime,
    audioBytes: numberOrNull(row.audio_bytes),
    errorMessage: row.error_message,
    createdAt: toIso(row.created_at),
  };
}

export class PodcastsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private channels() {
    return this.db
      .selectFrom('podcast_channels as c')
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('podcast_episodes as e')
          .whereRef('e.channel_id', '=', 'c.id')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .as('episode_count'),
      );
  }

  private static channelOf(
    row: Selectable<Database['podcast_channels']> & { episode_count: number | string | null },
  ): ChannelRecord {
    return {
      id: row.id,
      feedUrl: row.feed_url,
      title: row.title,
      description: row.description,
      imageUrl: row.image_url,
      homepageUrl: row.homepage_url,
      coverKey: row.cover_key,
      autoDownload: row.auto_download,
      errorMessage: row.error_message,
      refreshedAt: row.refreshed_at === null ? null : toIso(row.refreshed_at),
      createdAt: toIso(row.created_at),
      episodeCount: Number(row.episode_count ?? 0),
    };
  }

  /** Every podcast, by title. */
  async list(): Promise<ChannelRecord[]> {
    const rows = await this.channels()
      .orderBy('c.title')
      .orderBy('c.id')
      .limit(LISTED_CHANNELS)
      .execute();
    return rows.map((row) => PodcastsRepository.channelOf(row));
  }

  async find(id: string): Promise<ChannelRecord | null> {
    const row = await this.channels().where('c.id', '=', id).executeTakeFirst();
    return row ? PodcastsRepository.channelOf(row) : null;
  }

  async findByFeed(feedUrl: string): Promise<ChannelRecord | null> {
    const row = await this.channels().where('c.feed_url', '=', feedUrl).executeTakeFirst();
    return row ? PodcastsRepository.channelOf(row) : null;
  }

  async insert(
    channel: { id: string; feedUrl: string; autoDownload: number; createdAt: string },
    feed: ChannelFeed,
  ): Promise<void> {
    await this.db
      .insertInto('podcast_channels')
      .values({
        id: channel.id,
        feed_url: channel.feedUrl,
        title: feed.title,
        description: feed.description,
        image_url: feed.imageUrl,
        homepage_url: feed.homepageUrl,
        cover_key: null,
        auto_download: channel.autoDownload,
        error_message: null,
        refreshed_at: channel.createdAt,
        created_at: channel.createdAt,
      })
      .execute();
  }

  /** A refresh that worked: what the feed says now, and no error. */
  async updateFeed(id: string, feed: ChannelFeed, refreshedAt: string): Promise<void> {
    await this.db
      .updateTable('podcast_channels')
      .set({
        title: feed.title,
        description: feed.description,
        image_url: feed.imageUrl,
        homepage_url: feed.homepageUrl,
        error_message: null,
        refreshed_at: refreshedAt,
      })
      .where('id', '=', id)
      .execute();
  }

  async setError(id: string, message: string, refreshedAt: string): Promise<void> {
    await this.db
      .updateTable('podcast_channels')
      .set({ error_message: message, refreshed_at: refreshedAt })
      .where('id', '=', id)
      .execute();
  }

  /**
   * A podcast's cover key, its row locked until the transaction ends (so that two changes never
   * release the same cover twice); undefined when there is no such podcast.
   */
  async coverForUpdate(id: string): Promise<string | null | undefined> {
    const query = this.db.selectFrom('podcast_channels').select('cover_key').where('id', '=', id);
    const row = await forUpdate(this.db, query).executeTakeFirst();
    return row ? row.cover_key : undefined;
  }

  async setCover(id: string, coverKey: string | null): Promise<void> {
    await this.db
      .updateTable('podcast_channels')
      .set({ cover_key: coverKey })
      .where('id', '=', id)
      .execute();
  }

  async setAutoDownload(id: string, autoDownload: number): Promise<boolean> {
    const result = await this.db
      .updateTable('podcast_channels')
      .set({ auto_download: autoDownload })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Deletes a podcast with its episodes; answers their audio files' keys. */
  async delete(id: string): Promise<string[]> {
    const files = await this.db
      .selectFrom('podcast_episodes')
      .select('audio_key')
      .where('channel_id', '=', id)
      .where('audio_key', 'is not', null)
      .execute();
    await this.db.deleteFrom('podcast_channels').where('id', '=', id).execute();
    return files.map((file) => file.audio_key).filter((key): key is string => key !== null);
  }

  /**
   * Writes what the feed lists: new episodes are added, known ones (by guid) take the feed's
   * current title, notes and file address, keeping their download.
   */
  async upsertEpisodes(
    channelId: string,
    episodes: readonly FeedEpisode[],
    newId: () => string,
    now: string,
  ): Promise<void> {
    for (let start = 0; start < episodes.length; start += EPISODE_BATCH) {
      const batch = episodes.slice(start, start + EPISODE_BATCH);
      await this.db
        .insertInto('podcast_episodes')
        .values(
          batch.map((episode) => ({
            id: newId(),
            channel_id: channelId,
            guid: episode.guid,
            title: episode.title,
            description: episode.description,
            published_at: episode.publishedAt,
            duration_seconds: episode.durationSeconds,
            enclosure_url: episode.enclosureUrl,
            enclosure_type: episode.enclosureType,
            enclosure_bytes: episode.enclosureBytes,
            status: 'new' as const,
            audio_key: null,
            audio_mime: null,
            audio_bytes: null,
            error_message: null,
            download_started_at: null,
            created_at: now,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['channel_id', 'guid']).doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            description: eb.ref('excluded.description'),
            published_at: eb.ref('excluded.published_at'),
            duration_seconds: eb.ref('excluded.duration_seconds'),
            enclosure_url: eb.ref('excluded.enclosure_url'),
            enclosure_type: eb.ref('excluded.enclosure_type'),
            enclosure_bytes: eb.ref('excluded.enclosure_bytes'),
          })),
        )
        .execute();
    }
  }

  /** A podcast's episodes, newest first. */
  async episodesOf(channelId: string, limit: number): Promise<EpisodeRecord[]> {
    const rows = await this.db
      .selectFrom('podcast_episodes')
      .selectAll()
      .where('channel_id', '=', channelId)
      // Undated episodes last, on either database.
      .orderBy((eb) => eb('published_at', 'is', null))
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(episodeOf);
  }

  /** The newest episodes of every podcast. */
  async newest(limit: number): Promise<EpisodeRecord[]> {
    const rows = await this.db
      .selectFrom('podcast_episodes')
      .selectAll()
      .where('published_at', 'is not', null)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(episodeOf);
  }

  async episode(id: string): Promise<EpisodeRecord | null> {
    const row = await this.db
      .selectFrom('podcast_episodes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? episodeOf(row) : null;
  }

  /** The newest episodes of a podcast never downloaded, for its automatic downloads. */
  async newestUndownloaded(channelId: string, limit: number): Promise<EpisodeRecord[]> {
    if (limit <= 0) return [];
    const newest = await this.episodesOf(channelId, limit);
    return newest.filter((episode) => episode.status === 'new');
  }

  /**
   * Takes an episode's download for this node: true unless it is downloaded, being downloaded or
   * gone. One statement, so two nodes asked at once never both download it.
   */
  async claimDownload(id: string, now: string, automatic: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('podcast_episodes')
      .set({
        status: 'downloading',
        download_started_at: now,
        error_message: null,
        auto_downloaded: automatic ? 1 : 0,
      })
      .where('id', '=', id)
      .where('status', 'in', DOWNLOADABLE)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Whether the episode was still waiting for the file (it may have been deleted meanwhile). */
  async finishDownload(id: string, file: EpisodeFile): Promise<boolean> {
    const result = await this.db
      .updateTable('podcast_episodes')
      .set({
        status: 'completed',
        audio_key: file.audioKey,
        audio_mime: file.audioMime,
        audio_bytes: file.audioBytes,
        download_started_at: null,
      })
      .where('id', '=', id)
      .where('status', '=', 'downloading')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async failDownload(id: string, message: string): Promise<void> {
    await this.db
      .updateTable('podcast_episodes')
      .set({ status: 'error', error_message: message, download_started_at: null })
      .where('id', '=', id)
      .where('status', '=', 'downloading')
      .execute();
  }

  /** Downloads begun before `before` that never ended (their node stopped): failed. */
  async failStaleDownloads(before: string, message: string): Promise<void> {
    await this.db
      .updateTable('podcast_episodes')
      .set({ status: 'error', error_message: message, download_started_at: null })
      .where('status', '=', 'downloading')
      .where('download_started_at', '<', before)
      .execute();
  }

  /**
   * Forgets the files the automatic downloads fetched for episodes no longer among the podcast's
   * newest `keep` (files downloaded on request stay); answers their keys.
   */
  async trimAutomaticDownloads(channelId: string, keep: number): Promise<string[]> {
    const newest = (await this.episodesOf(channelId, keep)).map((episode) => episode.id);
    return this.db.transaction().execute(async (trx) => {
      let older = trx
        .selectFrom('podcast_episodes')
        .select(['id', 'audio_key'])
        .where('channel_id', '=', channelId)
        .where('auto_downloaded', '=', 1)
        .where('status', '=', 'completed');
      if (newest.length > 0) older = older.where('id', 'not in', newest);
      const rows = await older.execute();
      if (rows.length === 0) return [];
      await trx
        .updateTable('podcast_episodes')
        .set({ status: 'deleted', audio_key: null, audio_mime: null, audio_bytes: null })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .where('status', '=', 'completed')
        .execute();
      return rows.flatMap((row) => (row.audio_key === null ? [] : [row.audio_key]));
    });
  }

  /** Forgets an episode's file; answers its key (null for none), or undefined for no episode. */
  async deleteFile(id: string): Promise<string | null | undefined> {
    const row = await this.db
      .selectFrom('podcast_episodes')
      .select('audio_key')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    await this.db
      .updateTable('podcast_episodes')
      .set({ status: 'deleted', audio_key: null, audio_mime: null, audio_bytes: null })
      .where('id', '=', id)
      .execute();
    return row.audio_key;
  }

  async saveProgress(userId: string, episodeId: string, seconds: number, now: string) {
    await this.db
      .insertInto('podcast_progress')
      .values({
        user_id: userId,
        episode_id: episodeId,
        position_seconds: seconds,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'episode_id'])
          .doUpdateSet({ position_seconds: seconds, updated_at: now }),
      )
      .execute();
  }

  /** The listener's place in each of the episodes, by episode id (absent: from the start). */
  async progressOf(userId: string, episodeIds: readonly string[]): Promise<Map<string, number>> {
    if (episodeIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('podcast_progress')
      .select(['episode_id', 'position_seconds'])
      .where('user_id', '=', userId)
      .where('episode_id', 'in', [...episodeIds])
      .execute();
    return new Map(rows.map((row) => [row.episode_id, row.position_seconds]));
  }
}
