import { z } from 'zod';
import { pageQuerySchema, pageResponse } from './paging';
import { searchQuerystringSchema } from './search';
import { songSchema } from './songs';
import { songGenreSchema, tagGenreSchema } from './tag-genres';

/** How GET /api/user/albums may order albums. */
export const ALBUM_SORTS = ['newest', 'title', 'artist', 'year', 'most_played'] as const;
export const albumSortSchema = z.enum(ALBUM_SORTS);
export type AlbumSort = z.infer<typeof albumSortSchema>;
export const ALBUM_SORT_MESSAGE = `sort must be one of ${ALBUM_SORTS.join(', ')}`;

/** `GET /api/user/albums?sort=&limit=&cursor=`: newest first unless asked otherwise. */
export const albumListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(ALBUM_SORTS, { error: ALBUM_SORT_MESSAGE }).default('newest'),
});
export type AlbumListQuery = z.input<typeof albumListQuerySchema>;

/** The artist an album is by. */
export const albumArtistSchema = z.object({ _id: z.string(), name: z.string() });

/** Album JSON: what lists show of an album. `coverImage` is always a loadable URL. */
export const albumSchema = z.object({
  _id: z.string(),
  title: z.string(),
  artist: albumArtistSchema,
  year: z.number().int().nullable(),
  /** The tag genres of its songs, the one most of them have first. */
  genres: z.array(songGenreSchema),
  coverImage: z.string(),
  discCount: z.number().int(),
  songCount: z.number().int(),
  playCount: z.number().int(),
  createdAt: z.string(),
  /** MusicBrainz release types as tagged, in lower case ("album", "ep", "live"…). */
  releaseTypes: z.array(z.string()),
  isCompilation: z.boolean(),
  /** "2004", "2004-03" or "2004-03-02", as tagged; null when untagged. */
  releaseDate: z.string().nullable(),
});
export type Album = z.infer<typeof albumSchema>;
export const albumPageSchema = pageResponse(albumSchema);
export type AlbumPage = z.infer<typeof albumPageSchema>;

/** The title of one disc of an album ("The Early Years"), from its songs' disc subtitle. */
export const discTitleSchema = z.object({ disc: z.number().int(), title: z.string() });
export type DiscTitle = z.infer<typeof discTitleSchema>;

/** `GET /api/user/albums/{id}`: the album, what its tags tell of it, and its tracks by disc. */
export const albumDetailSchema = albumSchema.extend({
  /** When the release first came out, as `releaseDate` writes it; null when untagged. */
  originalReleaseDate: z.string().nullable(),
  recordLabels: z.array(z.string()),
  /** The exact length of all its tracks. */
  durationMs: z.number().int(),
  /** Titled discs only, by disc number. */
  discTitles: z.array(discTitleSchema),
  /** The MusicBrainz release id when its files are tagged with one. */
  musicBrainzId: z.string().nullable(),
  songs: z.array(songSchema),
});
export type AlbumDetail = z.infer<typeof albumDetailSchema>;

/**
 * Artist JSON: what lists show of an artist. `imageUrl` is the cover of their newest album, or
 * the default cover: always a loadable URL.
 */
export const artistSchema = z.object({
  _id: z.string(),
  name: z.string(),
  sortName: z.string(),
  albumCount: z.number().int(),
  songCount: z.number().int(),
  /** The cover of their newest album, or a default image: always a loadable URL. */
  imageUrl: z.string(),
});
export type Artist = z.infer<typeof artistSchema>;
export const artistPageSchema = pageResponse(artistSchema);
export type ArtistPage = z.infer<typeof artistPageSchema>;

/**
 * `GET /api/user/artists/{id}`: the artist; their own releases (they are the album artist) by
 * release group (release-groups.ts), each group newest first; the albums of others they appear
 * on as a main or featured artist of a track, newest first; their most played songs.
 */
export const artistDetailSchema = artistSchema.extend({
  albums: z.array(albumSchema),
  appearsOn: z.array(albumSchema),
  appearsOnCount: z.number().int(),
  topSongs: z.array(songSchema),
});
export type ArtistDetail = z.infer<typeof artistDetailSchema>;

/**
 * `GET /api/user/albums/marks` and `GET /api/user/artists/marks`: the ids of every album (or
 * artist) the caller liked, newest like first. Ids only, as the songs' marks, so that a client can
 * draw a heart wherever it shows an album or artist without the items themselves.
 */
export const catalogueMarksSchema = z.object({ liked: z.array(z.string()) });
export type CatalogueMarks = z.infer<typeof catalogueMarksSchema>;

/** The most songs an artist's page lists as their top songs. */
export const ARTIST_TOP_SONGS = 10;

/** `GET /api/user/search/all?query=`: the same query text as the song search. */
export const searchAllQuerystringSchema = searchQuerystringSchema;

/** The most albums, artists and genres one search answers (songs: `SEARCH_RESULT_LIMIT`). */
export const SEARCH_ALL_LIMIT = 20;

export const searchAllResultSchema = z.object({
  songs: z.array(songSchema),
  albums: z.array(albumSchema),
  artists: z.array(artistSchema),
  /** Tag genres whose name holds the query, by name. */
  genres: z.array(tagGenreSchema),
});
export type SearchAllResult = z.infer<typeof searchAllResultSchema>;
