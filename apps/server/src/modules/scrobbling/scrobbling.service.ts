import type { FastifyBaseLogger } from 'fastify';
import {
  SHORTEST_SCROBBLED_SECONDS,
  secondsBeforeScrobbling,
  type LastFmAuthorization,
  type ListenAnswer,
  type ListenBody,
  type ScrobblingLink,
  type ScrobbleTarget,
  type ScrobblingStatus,
} from '@cadenza/contract/scrobbling';
import type { AfterAnswer } from '../../after-answer';
import { Conflict, Invalid, NotFound, UpstreamFailed } from '../../errors';
import { LASTFM_AUTH_PAGE, type LastFmClient } from './lastfm-client';
import type { LastFmSettingsService } from './lastfm-settings.service';
import type { ListenBrainzClient } from './listenbrainz-client';
import type { ScrobbleLinksRepository } from './scrobble-links.repository';
import type { ScrobbleQueueRepository } from './scrobble-queue.repository';
import type { ScrobbleSender } from './scrobble-sender';
import type { ScrobbleTracksRepository } from './scrobble-tracks.repository';
import type { ScrobbleLinkRecord, SendOutcome, TrackFacts } from './scrobbling-records';

/**
 * A now-playing notice is a passing hint: it waits this long at most (or SCROBBLE_TIMEOUT_S when
 * shorter), and is never retried.
 */
const NOW_PLAYING_TIMEOUT_MS = 3000;
/** Last.fm refuses scrobbles older than two weeks; an older start is taken as this old. */
const OLDEST_LISTEN_MS = 14 * 24 * 60 * 60_000;

export interface ScrobblingDeps {
  readonly links: ScrobbleLinksRepository;
  readonly queue: ScrobbleQueueRepository;
  readonly tracks: ScrobbleTracksRepository;
  readonly listenBrainz: ListenBrainzClient;
  readonly lastFm: LastFmClient;
  readonly lastFmSettings: LastFmSettingsService;
  readonly sender: ScrobbleSender;
  readonly afterAnswer: AfterAnswer;
  readonly clock: () => Date;
  readonly log: FastifyBaseLogger;
  /** SCROBBLE_TIMEOUT_S. */
  readonly timeoutMs: number;
}

const songNotFound = () => new NotFound('Song not found.', 'song_not_found');

/** A link that has had a working credential: listens are kept for it until it is removed. */
const keepsListens = (link: ScrobbleLinkRecord) => link.userName !== null;

function linkOf(
  links: readonly ScrobbleLinkRecord[],
  waiting: ReadonlyMap<ScrobbleTarget, number>,
  service: ScrobbleTarget,
): ScrobblingLink {
  const link = links.find((candidate) => candidate.service === service);
  return {
    userName: link?.userName ?? null,
    needsReconnect: link !== undefined && link.userName !== null && link.state !== 'connected',
    waiting: waiting.get(service) ?? 0,
  };
}

/**
 * Scrobbling out: each listener's links to ListenBrainz and Last.fm, now-playing notices (best
 * effort) and listens, which are only queued here; the sender delivers them.
 */
export class ScrobblingService {
  constructor(private readonly deps: ScrobblingDeps) {}

  async status(userId: string): Promise<ScrobblingStatus> {
    const [links, waiting, app] = await Promise.all([
      this.deps.links.ofUser(userId),
      this.deps.queue.waiting(userId),
      this.deps.lastFmSettings.application(),
    ]);
    return {
      listenBrainz: linkOf(links, waiting, 'listenbrainz'),
      lastFm: linkOf(links, waiting, 'lastfm'),
      lastFmAvailable: app !== null,
    };
  }

  /** Keeps the token once ListenBrainz says whose it is; listens kept for a refused one follow it. */
  async connectListenBrainz(userId: string, token: string): Promise<ScrobblingStatus> {
    const check = await this.deps.listenBrainz.validateToken(token);
    if (check.kind === 'invalid') {
      throw new Invalid(
        'ListenBrainz does not know this token. Copy it again from your ListenBrainz settings.',
        [{ field: 'token', code: 'scrobbling_token_invalid', message: 'Unknown token' }],
        'scrobbling_token_invalid',
      );
    }
    if (check.kind === 'unavailable') {
      this.deps.log.info(
        { reason: check.reason },
        'scrobbling: ListenBrainz did not check a token',
      );
      throw new UpstreamFailed('ListenBrainz did not answer. Try again in a moment.');
    }
    await this.saveConnected(userId, 'listenbrainz', check.userName, token);
    return this.status(userId);
  }

  /** Asks Last.fm for a request token and answers where the listener allows Cadenza. */
  async startLastFm(userId: string): Promise<LastFmAuthorization> {
    const app = await this.lastFmApplication();
    const token = await this.deps.lastFm.requestToken(app);
    if (typeof token !== 'string') {
      this.deps.log.info({ reason: token.reason }, 'scrobbling: Last.fm gave no request token');
      throw new UpstreamFailed('Last.fm did not answer. Try again in a moment.');
    }
    const previous = await this.deps.links.find(userId, 'lastfm');
    await this.deps.links.save(
      {
        userId,
        service: 'lastfm',
        state: 'pending',
        userName: previous?.userName ?? null,
        credential: token,
      },
      this.deps.clock(),
    );
    const query = new URLSearchParams({ api_key: app.apiKey, token });
    return { authUrl: `${LASTFM_AUTH_PAGE}?${query.toString()}` };
  }

  /** Once the listener allowed the request token on Last.fm: its session is kept. */
  async finishLastFm(userId: string): Promise<ScrobblingStatus> {
    const app = await this.lastFmApplication();
    const link = await this.deps.links.find(userId, 'lastfm');
    const notAllowed = new Conflict(
      'Last.fm has not been allowed yet. Press Connect Last.fm and allow Cadenza there.',
      'lastfm_not_allowed',
    );
    if (link?.state !== 'pending') throw notAllowed;
    const session = await this.deps.lastFm.session(app, link.credential);
    if (session.kind === 'not_allowed') throw notAllowed;
    if (session.kind === 'unavailable') {
      this.deps.log.info({ reason: session.reason }, 'scrobbling: Last.fm gave no session');
      throw new UpstreamFailed('Last.fm did not answer. Try again in a moment.');
    }
    await this.saveConnected(userId, 'lastfm', session.userName, session.key);
    return this.status(userId);
  }

  /** Removes the link and the listens still waiting for it. */
  async disconnect(userId: string, service: ScrobbleTarget): Promise<ScrobblingStatus> {
    await this.deps.links.remove(userId, service);
    return this.status(userId);
  }

  /**
   * The web player's word that a song was heard long enough: queued for every linked service
   * when at least half of it (or 4 minutes) was heard and it is 30 seconds or longer.
   */
  async listen(userId: string, body: ListenBody): Promise<ListenAnswer> {
    const track = await this.deps.tracks.find(body.songId);
    if (!track) throw songNotFound();
    if (body.listenedSeconds < secondsBeforeScrobbling(track.durationSeconds)) {
      return { queued: 0 };
    }
    return { queued: await this.queue(userId, track, Date.parse(body.startedAt)) };
  }

  /**
   * A play an app reported as finished (OpenSubsonic's `scrobble`): apps send it once the song
   * counts as heard. `time` is when it was played (epoch milliseconds), now when not given.
   */
  async recordedPlay(userId: string, songId: string, time: number | undefined): Promise<void> {
    const track = await this.deps.tracks.find(songId);
    if (!track) return;
    await this.queue(userId, track, time ?? this.deps.clock().getTime());
  }

  /**
   * Tells the linked services what the listener started, after the answer and without retries:
   * nothing waits for it, and a refused credential marks its link.
   */
  nowPlaying(userId: string, songId: string): void {
    this.deps.afterAnswer.run(
      async () => {
        const links = (await this.deps.links.ofUser(userId)).filter(
          (link) => link.state === 'connected',
        );
        if (links.length === 0) return;
        const track = await this.deps.tracks.find(songId);
        if (!track) return;
        await Promise.all(links.map((link) => this.notice(link, track)));
      },
      (error) => this.deps.log.warn({ err: error }, 'scrobbling: a now-playing notice failed'),
    );
  }

  private async notice(link: ScrobbleLinkRecord, track: TrackFacts): Promise<void> {
    let outcome: SendOutcome;
    if (link.service === 'listenbrainz') {
      outcome = await this.deps.listenBrainz.nowPlaying(
        link.credential,
        track,
        this.noticeTimeoutMs(),
      );
    } else {
      const app = await this.deps.lastFmSettings.application();
      if (!app) return;
      outcome = await this.deps.lastFm.nowPlaying(
        app,
        link.credential,
        track,
        this.noticeTimeoutMs(),
      );
    }
    if (outcome.kind === 'reconnect') {
      await this.deps.links.markReconnect(
        link.userId,
        link.service,
        link.credential,
        this.deps.clock(),
      );
    } else if (outcome.kind !== 'sent') {
      this.deps.log.debug(
        { service: link.service, reason: outcome.reason },
        'scrobbling: now playing not sent',
      );
    }
  }

  private noticeTimeoutMs(): number {
    return Math.min(NOW_PLAYING_TIMEOUT_MS, this.deps.timeoutMs);
  }

  private async queue(userId: string, track: TrackFacts, startedAt: number): Promise<number> {
    if (track.durationSeconds < SHORTEST_SCROBBLED_SECONDS) return 0;
    const services = (await this.deps.links.ofUser(userId))
      .filter(keepsListens)
      .map((link) => link.service);
    if (services.length === 0) return 0;
    const now = this.deps.clock().getTime();
    const listenedAt = Math.min(Math.max(startedAt, now - OLDEST_LISTEN_MS), now);
    await this.deps.queue.add(userId, services, track, listenedAt);
    this.deps.sender.nudge();
    return services.length;
  }

  private async saveConnected(
    userId: string,
    service: ScrobbleTarget,
    userName: string,
    credential: string,
  ): Promise<void> {
    await this.deps.links.save(
      { userId, service, state: 'connected', userName, credential },
      this.deps.clock(),
    );
  }

  private async lastFmApplication() {
    const app = await this.deps.lastFmSettings.application();
    if (!app) {
      throw new Conflict(
        'Last.fm is not set up on this server. Ask its administrator to add a Last.fm API key.',
        'lastfm_not_configured',
      );
    }
    return app;
  }
}
