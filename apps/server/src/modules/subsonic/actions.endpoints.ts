import type { CatalogueService } from '../catalogue/catalogue.service';
import type { LibraryScanService } from '../library/library-scan.service';
import type { SongsService } from '../songs/songs.service';
import type { ScrobblingService } from '../scrobbling/scrobbling.service';
import type { AnnotationsService } from './annotations.service';
import type { NowPlaying } from './now-playing';
import type { PlayQueueService, PlayQueueWithSongs } from '../play-queue/play-queue.service';
import type { SubsonicCaller } from './subsonic-auth';
import {
  forAdmins,
  forListeners,
  OK,
  type SubsonicCall,
  type SubsonicEndpoints,
} from './subsonic-endpoint';
import { parseAnyId, parseId, subsonicId } from './subsonic-ids';
import type { SubsonicLibrary } from './subsonic-library';
import {
  invalidParameter,
  missingParameter,
  notFound,
  SubsonicCode,
  SubsonicError,
} from './subsonic-response';
import { PLAYBACK_STATES, PlaybackReports } from './playback-reports';
import type { SubsonicParams } from './subsonic-params';

export interface ActionsDeps {
  readonly songs: SongsService;
  readonly catalogue: CatalogueService;
  readonly annotations: AnnotationsService;
  readonly queue: PlayQueueService;
  readonly nowPlaying: NowPlaying;
  /** Plays and now-playing notices go on to the caller's ListenBrainz and Last.fm. */
  readonly scrobbling: ScrobblingService;
  readonly scans: LibraryScanService;
  readonly library: SubsonicLibrary;
}

/** Who saved the queue, when and with what, as both kinds of queue answer say it. */
function savedBy(caller: SubsonicCaller, saved: PlayQueueWithSongs) {
  return { username: caller.user.email, changed: saved.changedAt, changedBy: saved.changedBy };
}

/**
 * `savePlayQueueByIndex`'s `currentIndex`: required with songs, and then a place in the queue;
 * absent when the call clears the queue. Each mistake is error 10, as the specification asks.
 */
function currentIndexOf(params: SubsonicParams, length: number): number | null {
  const given = params.get('currentIndex');
  const absent = given === undefined || given === '';
  if (length === 0) {
    if (absent) return null;
    throw new SubsonicError(
      SubsonicCode.missingParameter,
      'Clearing the queue takes no currentIndex',
    );
  }
  if (absent) throw missingParameter('currentIndex');
  const index = /^\d{1,9}$/.test(given) ? Number(given) : -1;
  if (index < 0 || index >= length) {
    throw new SubsonicError(
      SubsonicCode.missingParameter,
      `Parameter currentIndex must be a place in the queue, from 0 to ${length - 1}`,
    );
  }
  return index;
}

type Starrable = { kind: 'song' | 'album' | 'artist'; id: string };

/** What one `star`/`unstar` call names: `id` (any kind), `albumId` and `artistId`. */
function starTargets({ params }: SubsonicCall): Starrable[] {
  const targets: Starrable[] = [];
  for (const text of params.all('id')) {
    const target = parseAnyId(text);
    if (!target || target.kind === 'playlist') {
      throw new SubsonicError(SubsonicCode.notFound, 'Song, album or artist not found');
    }
    targets.push({ kind: target.kind, id: target.id });
  }
  for (const text of params.all('albumId'))
    targets.push({ kind: 'album', id: parseId('album', text) });
  for (const text of params.all('artistId')) {
    targets.push({ kind: 'artist', id: parseId('artist', text) });
  }
  return targets;
}

/**
 * What listeners do: star, rate, report plays (the same play the web app records) and what is
 * playing, keep a queue across devices; their account; and, for administrators, the scan.
 */
export function actionsEndpoints(deps: ActionsDeps): SubsonicEndpoints {
  const { songs, catalogue, annotations, queue, nowPlaying, scrobbling, scans, library } = deps;
  const reports = new PlaybackReports();

  /** 70 for an album or artist that does not exist (songs are checked by the songs service). */
  const ensureExists = async ({ kind, id }: Starrable) => {
    if (kind === 'album') await catalogue.album(id);
    if (kind === 'artist') await catalogue.artist(id);
  };

  const star = (on: boolean) =>
    forListeners(async (call) => {
      // The songs service and the catalogue's likes answer 404 (code 70) for an unknown item.
      for (const target of starTargets(call)) {
        await annotations.star(call.caller.user.id, target.kind, target.id, on);
      }
      return OK;
    });

  const scanStatus = () => {
    const status = scans.status();
    return {
      scanStatus: {
        scanning: status.running,
        count: status.added + status.updated + status.moved + status.unchanged,
      },
    };
  };

  return {
    star: star(true),
    unstar: star(false),

    setRating: forListeners(async (call) => {
      const target = parseAnyId(call.params.required('id'));
      const rating = call.params.requiredInt('rating', 0, 5);
      if (!target || target.kind === 'playlist') {
        throw new SubsonicError(SubsonicCode.notFound, 'Song, album or artist not found');
      }
      if (target.kind === 'song') await songs.find(target.id);
      else await ensureExists({ kind: target.kind, id: target.id });
      await annotations.rate(call.caller.user.id, target.kind, target.id, rating);
      return OK;
    }),

    // `submission=true` (the default) is a play, recorded as the web app records one;
    // `false` only says what is playing now.
    scrobble: forListeners(async ({ params, caller }) => {
      const ids = params.all('id').map((id) => parseId('song', id));
      if (ids.length === 0) params.required('id');
      const submission = params.bool('submission', true);
      // `time`: when each song was played, in milliseconds since the epoch (now when absent).
      const times = params.all('time').map((time) => Number(time));
      for (const [index, songId] of ids.entries()) {
        if (submission) {
          await songs.recordPlay(caller.user.id, songId);
          const time = times[index];
          const playedAt =
            time !== undefined && Number.isSafeInteger(time) && time > 0 ? time : undefined;
          await scrobbling.recordedPlay(caller.user.id, songId, playedAt);
        } else {
          await songs.find(songId);
          nowPlaying.report({
            userId: caller.user.id,
            userName: caller.user.name,
            songId,
            client: caller.client,
            since: Date.now(),
          });
          scrobbling.nowPlaying(caller.user.id, songId);
        }
      }
      return OK;
    }),

    // OpenSubsonic's playbackReport: what plays now, and a play counted once it stops far
    // enough in (unless ignoreScrobble).
    reportPlayback: forListeners(async ({ params, caller }) => {
      const mediaType = params.required('mediaType');
      if (mediaType === 'podcast') throw notFound('Podcast episode');
      if (mediaType !== 'song') throw invalidParameter('mediaType', 'song or podcast');
      const songId = parseId('song', params.required('mediaId'));
      const positionMs = params.requiredInt('positionMs', 0);
      const state = PLAYBACK_STATES.find((known) => known === params.required('state'));
      if (!state) throw invalidParameter('state', PLAYBACK_STATES.join(', '));
      const rate = Number(params.get('playbackRate') ?? '1');
      if (!(rate > 0 && rate <= 16)) throw invalidParameter('playbackRate', 'from 0 to 16');
      const ignoreScrobble = params.bool('ignoreScrobble', false);
      const song = await songs.find(songId);
      const { user, client } = caller;
      if (state === 'stopped') nowPlaying.stop(user.id, client);
      else {
        nowPlaying.report({
          userId: user.id,
          userName: user.name,
          songId,
          client,
          since: Date.now(),
        });
        if (state === 'starting' && !ignoreScrobble) scrobbling.nowPlaying(user.id, songId);
      }
      const key = `${user.id}\u0000${client}`;
      if (reports.report(key, songId, state, positionMs, song.durationMs) && !ignoreScrobble) {
        await songs.recordPlay(user.id, songId);
        await scrobbling.recordedPlay(user.id, songId, undefined);
      }
      return OK;
    }),

    getPlayQueue: forListeners(async ({ caller }) => {
      const saved = await queue.get(caller.user.id);
      if (!saved) return OK;
      return {
        playQueue: {
          current: saved.currentSongId ? subsonicId('song', saved.currentSongId) : undefined,
          position: saved.positionMs,
          ...savedBy(caller, saved),
          entry: await library.songs(caller, saved.songs),
        },
      };
    }),

    savePlayQueue: forListeners(async ({ params, caller }) => {
      const songIds = params.all('id').map((id) => parseId('song', id));
      const current = params.get('current');
      await queue.save(caller.user.id, {
        songIds,
        current:
          current === undefined || current === '' ? null : { songId: parseId('song', current) },
        positionMs: params.int('position', 0),
        changedBy: caller.client,
      });
      return OK;
    }),

    // OpenSubsonic's index-based queue: the same saved queue, its current entry named by place.
    getPlayQueueByIndex: forListeners(async ({ caller }) => {
      const saved = await queue.get(caller.user.id);
      if (!saved) return OK;
      return {
        playQueueByIndex: {
          // Whenever songs remain, one of them is current (the specification requires it).
          currentIndex: saved.songs.length > 0 ? (saved.currentIndex ?? 0) : undefined,
          position: saved.positionMs,
          ...savedBy(caller, saved),
          entry: await library.songs(caller, saved.songs),
        },
      };
    }),

    savePlayQueueByIndex: forListeners(async ({ params, caller }) => {
      const songIds = params.all('id').map((id) => parseId('song', id));
      const currentIndex = currentIndexOf(params, songIds.length);
      await queue.save(caller.user.id, {
        songIds,
        current: currentIndex === null ? null : { index: currentIndex },
        positionMs: params.int('position', 0),
        changedBy: caller.client,
      });
      return OK;
    }),

    getScanStatus: forAdmins(async () => scanStatus()),
    startScan: forAdmins(async () => {
      scans.start();
      return scanStatus();
    }),
  };
}
