import type { CatalogueService } from '../catalogue/catalogue.service';
import type { LibraryScanService } from '../library/library-scan.service';
import type { SongsService } from '../songs/songs.service';
import type { ScrobblingService } from '../scrobbling/scrobbling.service';
import type { AnnotationsService } from './annotations.service';
import type { NowPlaying } from './now-playing';
import type { PlayQueueService } from '../play-queue/play-queue.service';
import {
  forAdmins,
  forListeners,
  OK,
  type SubsonicCall,
  type SubsonicEndpoints,
} from './subsonic-endpoint';
import { parseAnyId, parseId, subsonicId } from './subsonic-ids';
import type { SubsonicLibrary } from './subsonic-library';
import { presentUser } from './subsonic.presenter';
import { SubsonicCode, SubsonicError } from './subsonic-response';

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

    getPlayQueue: forListeners(async ({ caller }) => {
      const saved = await queue.get(caller.user.id);
      if (!saved) return OK;
      return {
        playQueue: {
          current: saved.currentSongId ? subsonicId('song', saved.currentSongId) : undefined,
          position: saved.positionMs,
          username: caller.user.email,
          changed: saved.changedAt,
          changedBy: saved.changedBy,
          entry: await library.songs(caller, saved.songs),
        },
      };
    }),

    savePlayQueue: forListeners(async ({ params, caller }) => {
      const songIds = params.all('id').map((id) => parseId('song', id));
      const current = params.get('current');
      await queue.save(caller.user.id, {
        songIds,
        currentSongId: current === undefined || current === '' ? null : parseId('song', current),
        positionMs: params.int('position', 0),
        changedBy: caller.client,
      });
      return OK;
    }),

    getUser: forListeners(async ({ params, caller }) => {
      const asked = params.required('username').trim().toLowerCase();
      if (asked !== caller.user.email) {
        throw new SubsonicError(SubsonicCode.notAuthorized, 'You may only read your own account');
      }
      return { user: presentUser(caller.user) };
    }),

    getScanStatus: forAdmins(async () => scanStatus()),
    startScan: forAdmins(async () => {
      scans.start();
      return scanStatus();
    }),
  };
}
