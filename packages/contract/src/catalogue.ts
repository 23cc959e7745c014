import { z } from 'zod';
import { pageQuerySchema, pageResponse } from './paging';
import { searchQuerystringSchema } from './search';
import { songSchema } from './songs';

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
  coverImage: z.string(),
  discCount: z.number().int(),
  songCount: z.number().int(),
  playCount: z.number().int(),
  createdAt: z.string(),
});
export type Album = z.infer<typeof albumSchema>;
export const albumPageSchema = pageResponse(albumSchema);
export type AlbumPage = z.infer<typeof albumPageSchema>;

/** `GET /api/user/albums/{id}`: the album and its tracks, by disc, then track number. */
export const albumDetailSchema = albumSchema.extend({ songs: z.array(songSchema) });
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

/** `GET /api/user/artists/{id}`: the artist, their albums newest first, their most played songs. */
export const artistDetailSchema = artistSchema.extend({
  albums: z.array(albumSchema),
  topSongs: z.array(songSchema),
});
export type ArtistDetail = z.infer<typeof artistDetailSchema>;

/** The most songs an artist's page lists as their top songs. */
export const ARTIST_TOP_SONGS = 10;

/** `GET /api/user/search/all?query=`: the same query text as the song search. */
export const searchAllQuerystringSchema = searchQuerystringSchema;

/** The most albums and artists one search answers (songs: `SEARCH_RESULT_LIMIT`). */
export const SEARCH_ALL_LIMIT = 20;

export const searchAllResultSchema = z.object({
  songs: z.array(songSchema),
  albums: z.array(albumSchema),
  artists: z.array(artistSchema),
});
export type SearchAllResult = z.infer<typeof searchAllResultSchema>;
