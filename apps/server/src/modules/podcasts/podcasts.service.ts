import type { FastifyBaseLogger } from 'fastify';
import { MAX_COVER_IMAGE_BYTES } from '@cadenza/contract/covers';
import { podcastMessages, type SubscribeBody } from '@cadenza/contract/podcasts';
import type { AfterAnswer } from '../../after-answer';
import type { NodeLocks } from '../../db/node-locks';
import type { Transactor } from '../../db/transactor';
import { isUniqueViolation } from '../../db/errors';
import { Conflict, Invalid, NotFound } from '../../errors';
import { newId } from '../../ids';
import { guardedGet, guardedText, OutboundRefused } from '../../outbound/guarded-get';
import { ObjectTooLargeError, type ObjectStore } from '../../storage/object-store';
import { peek, sniffAudio } from '../../storage/sniff';
import type { CoverImages } from '../images/cover-images';
import type { ImagesRepository } from '../images/images.repository';
import { parseFeed, type Feed } from './feed-parser';
import type { ChannelRecord, EpisodeRecord, PodcastsRepository } from './podcasts.repository';

const m = podcastMessages;
const podcastNotFound = () => new NotFound(m.notFound, 'podcast_not_found');
const episodeNotFound = () => new NotFound(m.episodeNotFound, 'episode_not_found');

const MB = 1024 * 1024;
/** A feed is text: a few MB even for a show with a thousand episodes. */
const MAX_FEED_BYTES = 8 * MB;
const COVER_LIMITS = { maxBytes: MAX_COVER_IMAGE_BYTES, deadlineMs: 30_000, idleMs: 15_000 };
/** An episode: hours of audio, over a slow line. */
const EPISODE_LIMITS = { maxBytes: 1024 * MB, deadlineMs: 60 * 60_000, idleMs: 60_000 };
/** Episodes shown on a podcast's page: the newest. */
export const EPISODES_PER_PAGE = 500;
const INTERRUPTED = 'The download was interrupted';

export interface PodcastsDeps {
  readonly podcasts: PodcastsRepository;
  /** A podcast and its episodes are written together, its cover counted in `images` with it. */
  readonly transact: Transactor<{ podcasts: PodcastsRepository; images: ImagesRepository }>;
  readonly objects: ObjectStore;
  readonly covers: CoverImages;
  readonly locks: NodeLocks;
  /** Where downloads and refreshes run once the request that asked for them is answered. */
  readonly background: AfterAnswer;
  /** Feeds and files on this machine or the local network may be fetched (a home server). */
  readonly allowPrivateAddresses: boolean;
  /** The longest a feed may take to arrive whole. */
  readonly feedTimeoutMs: number;
  readonly clock: () => Date;
  readonly log: FastifyBaseLogger;
}

export interface PodcastPageRecord {
  readonly podcast: ChannelRecord;
  readonly episodes: readonly EpisodeRecord[];
  /** The listener's place in each episode, by id. */
  readonly positions: ReadonlyMap<string, number>;
}

/**
 * Podcasts: feeds an administrator subscribes to, refreshed on a schedule by one node at a time,
 * whose episodes are downloaded into the store on demand or by themselves (the newest few), and
 * which listeners play with their place kept. Everything fetched from the internet goes through
 * `guardedGet`: no private addresses (unless allowed), no endless or oversized answers.
 */
export class PodcastsService {
  constructor(private readonly deps: PodcastsDeps) {}

  private get podcasts() {
    return this.deps.podcasts;
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }

  private fetchOptions<T extends object>(limits: T) {
    return { ...limits, allowPrivate: this.deps.allowPrivateAddresses };
  }

  private get feedLimits() {
    const deadlineMs = this.deps.feedTimeoutMs;
    return this.fetchOptions({ maxBytes: MAX_FEED_BYTES, deadlineMs, idleMs: deadlineMs / 2 });
  }

  list(): Promise<ChannelRecord[]> {
    return this.podcasts.list();
  }

  async find(id: string): Promise<ChannelRecord> {
    const podcast = await this.podcasts.find(id);
    if (!podcast) throw podcastNotFound();
    return podcast;
  }

  async page(id: string, userId: string, limit = EPISODES_PER_PAGE): Promise<PodcastPageRecord> {
    const podcast = await this.find(id);
    const episodes = await this.podcasts.episodesOf(id, limit);
    const positions = await this.podcasts.progressOf(
      userId,
      episodes.map((episode) => episode.id),
    );
    return { podcast, episodes, positions };
  }

  /** A podcast's newest episodes. */
  episodesOf(id: string, limit = EPISODES_PER_PAGE): Promise<EpisodeRecord[]> {
    return this.podcasts.episodesOf(id, limit);
  }

  async episode(id: string): Promise<EpisodeRecord> {
    const episode = await this.podcasts.episode(id);
    if (!episode) throw episodeNotFound();
    return episode;
  }

  newest(count: number): Promise<EpisodeRecord[]> {
    return this.podcasts.newest(count);
  }

  /** The file of a downloaded episode; 404 for one not downloaded. */
  async fileOf(id: string): Promise<EpisodeRecord & { audioKey: string; audioMime: string }> {
    const episode = await this.episode(id);
    if (episode.status !== 'completed' || !episode.audioKey || !episode.audioMime) {
      throw new NotFound(m.notDownloaded, 'episode_not_downloaded');
    }
    return { ...episode, audioKey: episode.audioKey, audioMime: episode.audioMime };
  }

  /** Reads a feed, refusing it with the reason when it cannot be read. */
  private async readFeed(url: string): Promise<Feed> {
    try {
      return parseFeed(await guardedText(url, this.feedLimits));
    } catch (error) {
      if (error instanceof OutboundRefused)
        throw new Invalid(m.feedRefused(error.reason), undefined, 'feed_refused');
      throw error;
    }
  }

  /**
   * Subscribes to a feed, read now so that a wrong address is refused with its reason; its cover
   * and its first automatic downloads follow in the background.
   */
  async subscribe(body: SubscribeBody): Promise<ChannelRecord> {
    const feedUrl = new URL(body.url).href;
    if (await this.podcasts.findByFeed(feedUrl)) throw this.alreadySubscribed();
    const feed = await this.readFeed(feedUrl);
    const id = newId();
    const now = this.now();
    try {
      await this.deps.transact(async ({ podcasts }) => {
        await podcasts.insert(
          { id, feedUrl, autoDownload: body.autoDownload ?? 0, createdAt: now },
          feed,
        );
        await podcasts.upsertEpisodes(id, feed.episodes, newId, now);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.alreadySubscribed();
      throw error;
    }
    const podcast = await this.find(id);
    this.inBackground(`podcast ${id}`, async () => {
      await this.keepCover(podcast, null);
      await this.autoDownload(podcast);
    });
    return podcast;
  }

  private alreadySubscribed() {
    return new Conflict(m.alreadySubscribed, 'podcast_exists');
  }

  async setAutoDownload(id: string, autoDownload: number): Promise<ChannelRecord> {
    if (!(await this.podcasts.setAutoDownload(id, autoDownload))) throw podcastNotFound();
    const podcast = await this.find(id);
    this.inBackground(`podcast ${id}`, () => this.autoDownload(podcast));
    return podcast;
  }

  /** Unsubscribes: the podcast, its episodes, its cover and every downloaded file go. */
  async remove(id: string): Promise<void> {
    const removed = await this.deps.transact(async ({ podcasts, images }) => {
      const cover = await podcasts.coverForUpdate(id);
      if (cover === undefined) return null;
      await images.release([cover]);
      return { cover, files: await podcasts.delete(id) };
    });
    if (removed === null) throw podcastNotFound();
    await this.deps.covers.discard(removed.cover);
    for (const key of removed.files) await this.deps.objects.delete(key);
  }

  /** Starts downloading an episode, unless it is downloaded or being downloaded already. */
  async download(id: string): Promise<void> {
    const episode = await this.episode(id);
    if (!(await this.podcasts.claimDownload(id, this.now(), false))) return;
    this.inBackground(`episode ${id}`, () => this.fetchEpisode(episode));
  }

  /** Deletes an episode's file; the episode stays listed, and can be downloaded again. */
  async deleteFile(id: string): Promise<void> {
    const key = await this.podcasts.deleteFile(id);
    if (key === undefined) throw episodeNotFound();
    if (key !== null) await this.deps.objects.delete(key);
  }

  async saveProgress(userId: string, episodeId: string, seconds: number): Promise<void> {
    await this.episode(episodeId);
    await this.podcasts.saveProgress(userId, episodeId, seconds, this.now());
  }

  /** Starts a refresh of every podcast in the background. */
  startRefresh(): void {
    this.inBackground('podcasts', async () => {
      await this.refreshAll();
    });
  }

  /**
   * Reads every feed again, adds what is new and downloads what each podcast downloads by
   * itself: on one node at a time (another's refresh under way makes this one nothing).
   */
  async refreshAll(): Promise<{ ran: boolean }> {
    const round = await this.deps.locks.runIfFree('podcasts', async () => {
      const before = new Date(this.deps.clock().getTime() - EPISODE_LIMITS.deadlineMs);
      await this.podcasts.failStaleDownloads(before.toISOString(), INTERRUPTED);
      for (const podcast of await this.podcasts.list()) {
        // One podcast's trouble (unsubscribed meanwhile, a store failure) never stops the rest.
        await this.refresh(podcast).catch((error: unknown) =>
          this.deps.log.error({ err: error, podcast: podcast.id }, 'podcast refresh failed'),
        );
      }
    });
    return { ran: round.ran };
  }

  /** Runs `refreshAll` every `intervalMs` until stopped. */
  schedule(intervalMs: number): { stop(): void } {
    const timer = setInterval(() => {
      this.refreshAll().catch((error: unknown) =>
        this.deps.log.error({ err: error }, 'podcast refresh failed'),
      );
    }, intervalMs);
    timer.unref();
    return { stop: () => clearInterval(timer) };
  }

  private async refresh(podcast: ChannelRecord): Promise<void> {
    let feed: Feed;
    try {
      feed = parseFeed(await guardedText(podcast.feedUrl, this.feedLimits));
    } catch (error) {
      const reason = error instanceof OutboundRefused ? error.reason : 'the feed could not be read';
      await this.podcasts.setError(podcast.id, m.feedRefused(reason), this.now());
      if (!(error instanceof OutboundRefused)) throw error;
      return;
    }
    const now = this.now();
    await this.deps.transact(async ({ podcasts }) => {
      await podcasts.updateFeed(podcast.id, feed, now);
      await podcasts.upsertEpisodes(podcast.id, feed.episodes, newId, now);
    });
    await this.keepCover({ ...podcast, imageUrl: feed.imageUrl }, podcast.imageUrl);
    await this.autoDownload(podcast);
  }

  /**
   * Copies the feed's picture into the store when it is new or changed, kept in `images` like
   * every cover (the same picture twice is one file); a failure is logged, never thrown.
   */
  private async keepCover(podcast: ChannelRecord, previousUrl: string | null): Promise<void> {
    if (!podcast.imageUrl || (podcast.coverKey && podcast.imageUrl === previousUrl)) return;
    try {
      const answer = await guardedGet(podcast.imageUrl, this.fetchOptions(COVER_LIMITS));
      const image = await this.deps.covers.saveFound(answer.body);
      const change = await this.deps.transact(async ({ podcasts, images }) => {
        const current = await podcasts.coverForUpdate(podcast.id);
        if (current === undefined) return null;
        const key = await images.replace(current, image);
        await podcasts.setCover(podcast.id, key);
        return { key, released: current };
      });
      if (change?.key !== image.key) await this.deps.covers.discard(image.key);
      if (change && change.released !== change.key) await this.deps.covers.discard(change.released);
    } catch (error) {
      this.deps.log.warn(
        { podcast: podcast.id, reason: error instanceof Error ? error.message : String(error) },
        'podcast cover not kept',
      );
    }
  }

  /**
   * Downloads the newest episodes a podcast takes by itself, one after another, then deletes the
   * files it took by itself for episodes that are no longer among those newest. Turned off, it
   * leaves every file where it is.
   */
  private async autoDownload(podcast: ChannelRecord): Promise<void> {
    if (podcast.autoDownload <= 0) return;
    for (const episode of await this.podcasts.newestUndownloaded(
      podcast.id,
      podcast.autoDownload,
    )) {
      if (await this.podcasts.claimDownload(episode.id, this.now(), true))
        await this.fetchEpisode(episode);
    }
    const older = await this.podcasts.trimAutomaticDownloads(podcast.id, podcast.autoDownload);
    for (const key of older) await this.deps.objects.delete(key);
  }

  /**
   * Fetches an episode's file into the store (its bytes must be audio), then marks it downloaded;
   * a file the episode no longer wants (deleted meanwhile) is removed again. Any failure is kept
   * on the episode with its reason.
   */
  private async fetchEpisode(episode: EpisodeRecord): Promise<void> {
    let key: string | null = null;
    try {
      const answer = await guardedGet(episode.enclosureUrl, this.fetchOptions(EPISODE_LIMITS));
      const { head, stream } = await peek(answer.body);
      const type = sniffAudio(head);
      if (!type) {
        stream.destroy();
        throw new OutboundRefused('the file is not audio');
      }
      key = `audio/podcasts/${episode.id}-${newId().slice(0, 8)}.${type.extension}`;
      const stored = await this.deps.objects.put(key, stream, {
        contentType: type.mime,
        maxBytes: EPISODE_LIMITS.maxBytes,
      });
      const kept = await this.podcasts.finishDownload(episode.id, {
        audioKey: key,
        audioMime: type.mime,
        audioBytes: stored.bytes,
      });
      if (!kept) await this.deps.objects.delete(key);
    } catch (error) {
      const reason =
        error instanceof OutboundRefused
          ? error.reason
          : error instanceof ObjectTooLargeError
            ? 'the file is larger than 1 GB'
            : 'the file could not be stored';
      if (!(error instanceof OutboundRefused || error instanceof ObjectTooLargeError)) {
        this.deps.log.error({ err: error, episode: episode.id }, 'podcast episode not stored');
      }
      await this.podcasts.failDownload(episode.id, `Download failed: ${reason}`);
    }
  }

  private inBackground(what: string, work: () => Promise<void>): void {
    this.deps.background.run(work, (error) =>
      this.deps.log.error({ err: error, what }, 'podcast work failed'),
    );
  }
}
