import type { ArtistIndex } from './artist-index';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { GenresService } from '../genres/genres.service';
import type { RadioService } from '../radio/radio.service';
import type { SongsService } from '../songs/songs.service';
import { forListeners, type SubsonicCall, type SubsonicEndpoints } from './subsonic-endpoint';
import { parseAnyId, parseId, subsonicId } from './subsonic-ids';
import { MAX_LIST_SIZE, type SubsonicLibrary } from './subsonic-library';
import { MUSIC_FOLDER } from './subsonic.presenter';
import { notFound } from './subsonic-response';

export interface BrowseDeps {
  readonly catalogue: CatalogueService;
  readonly genres: Pick<GenresService, 'all'>;
  readonly songs: SongsService;
  readonly library: SubsonicLibrary;
  readonly artistIndex: ArtistIndex;
  readonly radio: Pick<RadioService, 'similarArtists'>;
}

/** Reading the catalogue by folder (artists → albums → songs) and by ID3 tags. */
export function browseEndpoints({
  catalogue,
  genres,
  songs,
  library,
  artistIndex,
  radio,
}: BrowseDeps): SubsonicEndpoints {
  // An artist's info is the artists like them, from the same signals as radio (no biography).
  const artistInfo = async ({ params, caller }: SubsonicCall) => {
    const artistId = parseId('artist', params.required('id'));
    await catalogue.artist(artistId);
    const count = params.int('count', 20, 0, MAX_LIST_SIZE);
    const ids = await radio.similarArtists(artistId, count);
    const byId = new Map((await catalogue.artistsById(ids)).map((artist) => [artist.id, artist]));
    const similar = ids.flatMap((id) => byId.get(id) ?? []);
    return similar.length === 0 ? {} : { similarArtist: await library.artists(caller, similar) };
  };

  return {
    getMusicFolders: forListeners(async () => ({ musicFolders: { musicFolder: [MUSIC_FOLDER] } })),

    getIndexes: forListeners((call) => artistIndex.send(call, 'getIndexes')),

    getArtists: forListeners((call) => artistIndex.send(call, 'getArtists')),

    getMusicDirectory: forListeners(async ({ params, caller }) => {
      const target = parseAnyId(params.required('id'));
      if (target?.kind === 'artist') {
        const { artist, albums } = await catalogue.artist(target.id);
        return {
          directory: {
            id: subsonicId('artist', artist.id),
            name: artist.name,
            child: await library.albumDirectories(caller, albums),
          },
        };
      }
      if (target?.kind === 'album') {
        const { album, songs: tracks } = await catalogue.album(target.id);
        return {
          directory: {
            id: subsonicId('album', album.id),
            parent: subsonicId('artist', album.artistId),
            name: album.title,
            child: await library.songs(caller, tracks),
          },
        };
      }
      throw notFound('Directory');
    }),

    // The tag genres, as the files name them (the seven filed genres are the web form's).
    getGenres: forListeners(async () => ({
      genres: {
        genre: (await genres.all()).map((genre) => ({
          value: genre.name,
          songCount: genre.songCount,
          albumCount: genre.albumCount,
        })),
      },
    })),

    getArtist: forListeners(async ({ params, caller }) => {
      const { artist, albums } = await catalogue.artist(parseId('artist', params.required('id')));
      const [node] = await library.artists(caller, [artist]);
      return { artist: { ...node, album: await library.albums(caller, albums) } };
    }),

    getAlbum: forListeners(async ({ params, caller }) => {
      const { album, songs: tracks } = await catalogue.album(
        parseId('album', params.required('id')),
      );
      const [node] = await library.albums(caller, [album]);
      return { album: { ...node, song: await library.songs(caller, tracks) } };
    }),

    getSong: forListeners(async ({ params, caller }) => {
      const song = await songs.find(parseId('song', params.required('id')));
      const [node] = await library.songs(caller, [song]);
      return { song: node ?? {} };
    }),

    getArtistInfo: forListeners(async (call) => ({ artistInfo: await artistInfo(call) })),
    getArtistInfo2: forListeners(async (call) => ({ artistInfo2: await artistInfo(call) })),
    // What we know of an album is in its other answers; no notes, no links.
    getAlbumInfo: forListeners(async ({ params }) => {
      await catalogue.album(parseId('album', params.required('id')));
      return { albumInfo: {} };
    }),
    getAlbumInfo2: forListeners(async ({ params }) => {
      await catalogue.album(parseId('album', params.required('id')));
      return { albumInfo: {} };
    }),
  };
}
