import { MAX_PAGE_SIZE } from '@cadenza/contract/paging';
import type { AlbumSelection } from '../catalogue/catalogue.repository';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { CombinedSearchService } from '../search/combined-search.service';
import type { SongsService } from '../songs/songs.service';
import type { AnnotationsService } from './annotations.service';
import type { RadioService } from '../radio/radio.service';
import type { NowPlaying } from './now-playing';
import type { SubsonicParams } from './subsonic-params';
import { forListeners, type SubsonicCall, type SubsonicEndpoints } from './subsonic-endpoint';
import { parseAnyId, parseId } from './subsonic-ids';
import { MAX_LIST_SIZE, type SubsonicLibrary } from './subsonic-library';
import { SubsonicCode, SubsonicError } from './subsonic-response';

export interface ListsDeps {
  readonly catalogue: CatalogueService;
  readonly search: CombinedSearchService;
  readonly songs: SongsService;
  readonly annotations: AnnotationsService;
  readonly library: SubsonicLibrary;
  readonly nowPlaying: NowPlaying;
  readonly radio: Pick<RadioService, 'similar'>;
}

const ALBUM_LIST_TYPES = [
  'random',
  'newest',
  'frequent',
  'recent',
  'starred',
  'highest',
  'alphabeticalByName',
  'alphabeticalByArtist',
  'byYear',
  'byGenre',
] as const;

/** The album selection a `getAlbumList` type names. */
function albumSelection(params: SubsonicParams, userId: string): AlbumSelection {
  const type = params.required('type');
  switch (type) {
    case 'random':
      return { kind: 'random' };
    case 'newest':
      return { kind: 'sorted', sort: 'newest' };
    case 'frequent':
      return { kind: 'sorted', sort: 'most_played' };
    case 'alphabeticalByName':
      return { kind: 'sorted', sort: 'title' };
    case 'alphabeticalByArtist':
      return { kind: 'sorted', sort: 'artist' };
    case 'recent':
      return { kind: 'recentlyPlayed', userId };
    case 'starred':
      return { kind: 'starred', userId };
    case 'highest':
      return { kind: 'rated', userId };
    case 'byYear':
      return {
        kind: 'years',
        from: params.requiredInt('fromYear', 0, 9999),
        to: params.requiredInt('toYear', 0, 9999),
      };
    case 'byGenre':
      return { kind: 'genre', genre: params.required('genre') };
    default:
      throw new SubsonicError(
        SubsonicCode.generic,
        `Parameter type must be one of ${ALBUM_LIST_TYPES.join(', ')}`,
      );
  }
}

/** How many of a list to answer: `name` or `fallback`, at most MAX_LIST_SIZE. */
const sizeOf = (params: SubsonicParams, name: string, fallback: number) =>
  params.int(name, fallback, 0, MAX_LIST_SIZE);

/** Lists of albums and songs: by order, at random, by genre, starred, similar, playing now. */
export function listsEndpoints(deps: ListsDeps): SubsonicEndpoints {
  const { catalogue, songs, annotations, library, nowPlaying, radio } = deps;

  const albumList = async ({ params, caller }: SubsonicCall) =>
    catalogue.albumsAt(
      albumSelection(params, caller.user.id),
      params.int('offset', 0),
      sizeOf(params, 'size', 10),
    );

  // Similar songs are a radio station's, of related songs only (modules/radio).
  const similar = async ({ params, caller }: SubsonicCall) => {
    const count = sizeOf(params, 'count', 50);
    const target = parseAnyId(params.required('id'));
    if (target) return radio.similar(caller.user.id, target, count);
    throw new SubsonicError(SubsonicCode.notFound, 'Song, album, artist or playlist not found');
  };

  const starred = async ({ caller }: SubsonicCall) => {
    const userId = caller.user.id;
    const [liked, albumIds, artistIds] = await Promise.all([
      songs.marked('likes', userId, { limit: MAX_PAGE_SIZE }),
      annotations.starred(userId, 'album', MAX_LIST_SIZE),
      annotations.starred(userId, 'artist', MAX_LIST_SIZE),
    ]);
    const order = <T extends { id: string }>(ids: string[], items: T[]) =>
      ids.flatMap((id) => items.filter((item) => item.id === id));
    return {
      songs: liked.items,
      albums: order(albumIds, await catalogue.albumsById(albumIds)),
      artists: order(artistIds, await catalogue.artistsById(artistIds)),
    };
  };

  return {
    getAlbumList: forListeners(async (call) => ({
      albumList: { album: await library.albumDirectories(call.caller, await albumList(call)) },
    })),
    getAlbumList2: forListeners(async (call) => ({
      albumList2: { album: await library.albums(call.caller, await albumList(call)) },
    })),

    getRandomSongs: forListeners(async ({ params, caller }) => {
      const found = await catalogue.songsAt(
        {
          kind: 'random',
          genre: params.get('genre'),
          fromYear: params.optionalInt('fromYear', 0, 9999),
          toYear: params.optionalInt('toYear', 0, 9999),
        },
        0,
        sizeOf(params, 'size', 10),
      );
      return { randomSongs: { song: await library.songs(caller, found) } };
    }),

    getSongsByGenre: forListeners(async ({ params, caller }) => {
      const found = await catalogue.songsAt(
        { kind: 'genre', genre: params.required('genre') },
        params.int('offset', 0),
        sizeOf(params, 'count', 10),
      );
      return { songsByGenre: { song: await library.songs(caller, found) } };
    }),

    // By the artist's `id` (OpenSubsonic's topSongsByArtistId, first when both are given) or by
    // the `artist`'s name as written.
    getTopSongs: forListeners(async ({ params, caller }) => {
      const count = sizeOf(params, 'count', 50);
      const id = params.get('id');
      if (id !== undefined && id !== '') {
        const artistId = parseId('artist', id);
        await catalogue.artist(artistId);
        const found = await catalogue.topSongsOf(artistId, count);
        return { topSongs: { song: await library.songs(caller, found) } };
      }
      const name = params.required('artist');
      const matches = await deps.search.paged(name, {
        songs: { offset: 0, count: 0 },
        albums: { offset: 0, count: 0 },
        artists: { offset: 0, count: 20 },
      });
      const artist = matches.artists.find(
        (candidate) => candidate.name.toLowerCase() === name.trim().toLowerCase(),
      );
      const found = artist ? await catalogue.topSongsOf(artist.id, count) : [];
      return { topSongs: { song: await library.songs(caller, found) } };
    }),

    getSimilarSongs: forListeners(async (call) => ({
      similarSongs: { song: await library.songs(call.caller, await similar(call)) },
    })),
    getSimilarSongs2: forListeners(async (call) => {
      parseId('artist', call.params.required('id'));
      return { similarSongs2: { song: await library.songs(call.caller, await similar(call)) } };
    }),

    getStarred: forListeners(async (call) => {
      const found = await starred(call);
      return {
        starred: {
          artist: await library.artists(call.caller, found.artists),
          album: await library.albumDirectories(call.caller, found.albums),
          song: await library.songs(call.caller, found.songs),
        },
      };
    }),
    getStarred2: forListeners(async (call) => {
      const found = await starred(call);
      return {
        starred2: {
          artist: await library.artists(call.caller, found.artists),
          album: await library.albums(call.caller, found.albums),
          song: await library.songs(call.caller, found.songs),
        },
      };
    }),

    getNowPlaying: forListeners(async ({ caller }) => {
      const now = Date.now();
      const entries = nowPlaying.current(now);
      const playing = await songs.findAll(entries.map((entry) => entry.songId));
      const nodes = await library.songs(caller, playing);
      const byId = new Map(nodes.map((node) => [node.id, node]));
      return {
        nowPlaying: {
          entry: entries.flatMap((entry, index) => {
            const node = byId.get(`tr-${entry.songId}`);
            if (!node) return [];
            return [
              {
                ...node,
                username: entry.userName,
                minutesAgo: Math.floor((now - entry.since) / 60_000),
                playerId: index,
                playerName: entry.client,
              },
            ];
          }),
        },
      };
    }),
  };
}
