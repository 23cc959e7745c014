import type {
  AlbumDetail,
  AlbumListQuery,
  AlbumPage,
  ArtistDetail,
  ArtistPage,
  CatalogueMarks,
  SearchAllResult,
} from '../catalogue';
import type { SuccessResponse } from '../envelope';
import type { HomeRows } from '../home';
import type { PageQuery } from '../paging';
import type { SearchQuerystring } from '../search';
import type { LikeToggleResponse, Song } from '../songs';
import { defineRoute } from '../route';

/** Albums, artists and the home rows the listener browses (docs/product.md §7). */
export const catalogueApi = {
  albums: defineRoute<{ query: AlbumListQuery; response: AlbumPage }>()('GET', '/api/user/albums'),
  album: defineRoute<{ response: SuccessResponse<AlbumDetail> }>()('GET', '/api/user/albums/:id'),
  artists: defineRoute<{ query: PageQuery; response: ArtistPage }>()('GET', '/api/user/artists'),
  artist: defineRoute<{ response: SuccessResponse<ArtistDetail> }>()(
    'GET',
    '/api/user/artists/:id',
  ),
  home: defineRoute<{ response: SuccessResponse<HomeRows> }>()('GET', '/api/user/home'),
  // The albums and artists the listener liked: the likes OpenSubsonic calls stars.
  likedAlbums: defineRoute<{ query: PageQuery; response: AlbumPage }>()(
    'GET',
    '/api/user/albums/liked',
  ),
  albumMarks: defineRoute<{ response: SuccessResponse<CatalogueMarks> }>()(
    'GET',
    '/api/user/albums/marks',
  ),
  toggleAlbumLike: defineRoute<{ response: LikeToggleResponse }>()(
    'PUT',
    '/api/user/albums/:id/like',
  ),
  likedArtists: defineRoute<{ query: PageQuery; response: ArtistPage }>()(
    'GET',
    '/api/user/artists/liked',
  ),
  artistMarks: defineRoute<{ response: SuccessResponse<CatalogueMarks> }>()(
    'GET',
    '/api/user/artists/marks',
  ),
  toggleArtistLike: defineRoute<{ response: LikeToggleResponse }>()(
    'PUT',
    '/api/user/artists/:id/like',
  ),
} as const;

/** The listener's searches: songs alone, or songs, albums and artists together. */
export const searchApi = {
  songs: defineRoute<{ query: SearchQuerystring; response: SuccessResponse<Song[]> }>()(
    'GET',
    '/api/user/songs/search',
  ),
  all: defineRoute<{ query: SearchQuerystring; response: SuccessResponse<SearchAllResult> }>()(
    'GET',
    '/api/user/search/all',
  ),
} as const;
