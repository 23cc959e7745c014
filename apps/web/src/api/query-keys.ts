import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query key of the app, one factory per resource. Keys nest (`songKeys.all` is a prefix of
 * every song key), so a change can refresh a whole resource or one query; no key is written
 * anywhere else.
 */

/** Which songs a song list shows: the first `limit`, or all of them `limit` at a time. */
export interface SongListParams {
  limit: number;
  pages: 'first' | 'all';
}

/** The signed-in account's settings (GET /api/user/account/sessions). */
export const accountKeys = {
  all: ['account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  /** GET /api/user/scrobbling */
  scrobbling: () => [...accountKeys.all, 'scrobbling'] as const,
  /** POST /api/user/account/email/confirm, sent once per link */
  emailConfirmation: (token: string) => [...accountKeys.all, 'confirm-email', token] as const,
};

/** Public links: the listener's own, and a shared page a visitor opens. */
export const shareKeys = {
  all: ['shares'] as const,
  /** GET /api/user/shares */
  mine: () => [...shareKeys.all, 'mine'] as const,
  /** GET /api/shares/:id */
  page: (id: string) => [...shareKeys.all, 'page', id] as const,
};

/** Internet radio stations (GET /api/user/radio-stations). */
export const stationKeys = {
  all: ['radio-stations'] as const,
};

/** Podcasts: the list, and each podcast's page with the listener's places. */
export const podcastKeys = {
  all: ['podcasts'] as const,
  /** GET /api/user/podcasts */
  list: () => [...podcastKeys.all, 'list'] as const,
  /** GET /api/user/podcasts/:id */
  page: (id: string) => [...podcastKeys.all, 'page', id] as const,
};

/** Home's mixes (GET /api/user/mixes); a station's songs are fetched as it plays, never cached. */
export const radioKeys = {
  all: ['radio'] as const,
  mixes: () => [...radioKeys.all, 'mixes'] as const,
};

export const songKeys = {
  all: ['songs'] as const,
  /** GET /api/user/songs */
  lists: () => [...songKeys.all, 'list'] as const,
  list: (params: SongListParams) => [...songKeys.lists(), params] as const,
  /** GET /api/general/songs: the landing page's newest songs. */
  latest: () => [...songKeys.all, 'latest'] as const,
  /** GET /api/admin/songs */
  adminList: () => [...songKeys.all, 'admin-list'] as const,
  /** GET /api/user/songs/recently-played */
  recentlyPlayed: () => [...songKeys.all, 'recently-played'] as const,
  /** GET /api/user/songs/search */
  search: (query: string) => [...songKeys.all, 'search', { query }] as const,
  /** GET /api/user/songs/liked, a page at a time */
  liked: () => [...songKeys.all, 'liked'] as const,
  /** GET /api/user/songs/saved, a page at a time */
  saved: () => [...songKeys.all, 'saved'] as const,
  /** GET /api/user/songs/marks: the ids of the liked and saved songs */
  marks: () => [...songKeys.all, 'marks'] as const,
  /** GET /api/user/songs?genre=, a page at a time */
  genre: (genre: string) => [...songKeys.all, 'genre', { genre }] as const,
  /** GET /api/user/songs/{id}/lyrics */
  lyrics: (id: string) => [...songKeys.all, 'lyrics', id] as const,
};

/** Albums and artists (GET /api/user/albums…, /api/user/artists…) and the search of all three. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  /** GET /api/user/albums?sort= */
  albumLists: () => [...catalogueKeys.all, 'albums'] as const,
  albumList: (sort: string) => [...catalogueKeys.albumLists(), { sort }] as const,
  /** GET /api/user/albums/{id} */
  album: (id: string) => [...catalogueKeys.all, 'album', id] as const,
  /** GET /api/user/artists */
  artistList: () => [...catalogueKeys.all, 'artists'] as const,
  /** GET /api/user/artists/{id} */
  artist: (id: string) => [...catalogueKeys.all, 'artist', id] as const,
  /** GET /api/user/albums/liked or /api/user/artists/liked, a page at a time */
  liked: (kind: 'album' | 'artist') => [...catalogueKeys.all, 'liked', kind] as const,
  /** GET /api/user/albums/marks or /api/user/artists/marks: the ids of the liked ones */
  likeMarks: (kind: 'album' | 'artist') => [...catalogueKeys.all, 'like-marks', kind] as const,
  /** GET /api/user/search/all */
  search: (query: string) => [...catalogueKeys.all, 'search', { query }] as const,
  /** GET /api/user/home: Home's rows of albums, artists and genres */
  home: () => [...catalogueKeys.all, 'home'] as const,
  /** GET /api/user/genres: the tag genres with their counts */
  tagGenres: () => [...catalogueKeys.all, 'tag-genres'] as const,
  /** GET /api/user/genres/{id} */
  tagGenre: (id: string) => [...catalogueKeys.tagGenres(), id] as const,
  /** GET /api/user/genres/{id}/albums or …/songs, a page at a time */
  tagGenreItems: (id: string, items: 'albums' | 'songs') =>
    [...catalogueKeys.tagGenre(id), items] as const,
};

export const profileKeys = {
  all: ['profile'] as const,
  /** GET /api/user/profile: the account with its newest liked and saved songs. */
  me: () => [...profileKeys.all, 'me'] as const,
};

export const playlistKeys = {
  all: ['playlists'] as const,
  /** GET /api/user/playlists */
  lists: () => [...playlistKeys.all, 'list'] as const,
  /** GET /api/user/playlists/{id} */
  detail: (id: string) => [...playlistKeys.all, 'detail', id] as const,
  /** GET /api/user/smart-playlists/{id}: its rules, under its detail so both refresh together */
  smartDetail: (id: string) => [...playlistKeys.detail(id), 'smart'] as const,
  /** POST /api/user/smart-playlists/preview: what unsaved criteria choose */
  smartPreview: (criteria: unknown) => [...playlistKeys.all, 'smart-preview', criteria] as const,
  /** GET /api/admin/playlists */
  adminList: () => [...playlistKeys.all, 'admin-list'] as const,
  /** GET /api/admin/playlists/{id} */
  adminDetail: (id: string) => [...playlistKeys.all, 'admin-detail', id] as const,
};

export const statsKeys = {
  all: ['stats'] as const,
  /** GET /api/general/stats/quick */
  quick: () => [...statsKeys.all, 'quick'] as const,
  /** GET /api/admin/stats */
  admin: () => [...statsKeys.all, 'admin'] as const,
};

export const userKeys = {
  all: ['users'] as const,
  /** GET /api/admin/users */
  adminList: () => [...userKeys.all, 'admin-list'] as const,
  /** GET /api/admin/invitations */
  invitations: () => [...userKeys.all, 'invitations'] as const,
  /** GET /api/auth/invitations/{token} */
  invitation: (token: string) => [...userKeys.all, 'invitation', token] as const,
};

export const supportKeys = {
  all: ['support'] as const,
  /** GET /api/admin/messages */
  contactMessages: () => [...supportKeys.all, 'contact-messages'] as const,
  /** GET /api/admin/feedback */
  feedback: () => [...supportKeys.all, 'feedback'] as const,
};

export const libraryKeys = {
  all: ['library'] as const,
  /** GET /api/admin/library/scan */
  scan: () => [...libraryKeys.all, 'scan'] as const,
};

/** A listener's keys for phone and desktop apps. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  /** GET /api/user/api-keys */
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

export const secondFactorKeys = {
  all: ['two-factor'] as const,
  /** GET /api/user/two-factor */
  status: () => [...secondFactorKeys.all, 'status'] as const,
};

export const configKeys = {
  all: ['config'] as const,
  /** GET /api/general/config */
  public: () => [...configKeys.all, 'public'] as const,
  /** GET /api/admin/settings */
  siteSettings: () => [...configKeys.all, 'site-settings'] as const,
  /** GET /api/admin/settings/lastfm */
  lastFmSettings: () => [...configKeys.all, 'lastfm-settings'] as const,
};

/**
 * After a change to the catalogue (a song, an admin playlist, a scan or a bulk upload), everything that shows songs,
 * playlists, liked or saved songs, or counts is stale: the admin's lists and every listener and
 * landing screen (the admin may open them next).
 */
export function invalidateCatalogue(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [songKeys.all, catalogueKeys.all, playlistKeys.all, profileKeys.all, statsKeys.all].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
