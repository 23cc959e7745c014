import type { CombinedSearchService, SearchWindow } from '../search/combined-search.service';
import type { SubsonicParams } from './subsonic-params';
import { forListeners, type SubsonicEndpoints } from './subsonic-endpoint';
import { MAX_LIST_SIZE, type SubsonicLibrary } from './subsonic-library';

export interface SearchDeps {
  readonly search: CombinedSearchService;
  readonly library: SubsonicLibrary;
}

/** The query without the quotes some apps wrap it in (`""` asks for everything). */
function queryOf(params: SubsonicParams): string {
  const query = (params.get('query') ?? '').trim();
  return query.replace(/^"(.*)"$/su, '$1').trim();
}

function windowOf(params: SubsonicParams): SearchWindow {
  const part = (name: string) => ({
    offset: params.int(`${name}Offset`, 0),
    count: params.int(`${name}Count`, 20, 0, MAX_LIST_SIZE),
  });
  return { songs: part('song'), albums: part('album'), artists: part('artist') };
}

/**
 * Searching songs, albums and artists at once, each part paged on its own; an empty query
 * answers everything, which is how many apps read a whole library.
 */
export function searchEndpoints({ search, library }: SearchDeps): SubsonicEndpoints {
  return {
    search2: forListeners(async ({ params, caller }) => {
      const found = await search.paged(queryOf(params), windowOf(params));
      return {
        searchResult2: {
          artist: await library.artists(caller, found.artists),
          album: await library.albumDirectories(caller, found.albums),
          song: await library.songs(caller, found.songs),
        },
      };
    }),
    // Subsonic's first search (deprecated since 1.4.0, still called by old apps): songs only,
    // `any` or the artist, album and title words together. `totalHits` counts the hits up to
    // this page, and one more when there are more: enough to page on.
    search: forListeners(async ({ params, caller }) => {
      const any = params.get('any');
      const query =
        any ?? ['artist', 'album', 'title'].map((name) => params.get(name) ?? '').join(' ');
      const offset = params.int('offset', 0);
      const count = params.int('count', 20, 0, MAX_LIST_SIZE);
      const newerThan = params.int('newerThan', 0);
      const found = await search.paged(query.trim(), {
        songs: { offset, count: count + 1 },
        albums: { offset: 0, count: 0 },
        artists: { offset: 0, count: 0 },
      });
      const page = found.songs.slice(0, count);
      const newer = page.filter((song) => Date.parse(song.createdAt) > newerThan);
      return {
        searchResult: {
          offset,
          totalHits: offset + found.songs.length,
          match: await library.songs(caller, newer),
        },
      };
    }),
    search3: forListeners(async ({ params, caller }) => {
      const found = await search.paged(queryOf(params), windowOf(params));
      return {
        searchResult3: {
          artist: await library.artists(caller, found.artists),
          album: await library.albums(caller, found.albums),
          song: await library.songs(caller, found.songs),
        },
      };
    }),
  };
}
