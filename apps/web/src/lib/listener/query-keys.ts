/** Query keys of the listener's server state, shared so that a change anywhere refreshes all. */
export const listenerKeys = {
  all: ['user'] as const,
  songs: () => ['user', 'songs'] as const,
  songsFirstPage: (limit: number) => ['user', 'songs', 'first', limit] as const,
  songsInfinite: (limit: number) => ['user', 'songs', 'infinite', limit] as const,
  recentlyPlayed: () => ['user', 'recently-played'] as const,
  profile: () => ['user', 'profile'] as const,
  playlists: () => ['user', 'playlists'] as const,
  playlist: (id: string) => ['user', 'playlists', id] as const,
  search: (query: string) => ['user', 'search', query] as const,
};
