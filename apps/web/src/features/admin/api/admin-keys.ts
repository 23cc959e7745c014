import type { QueryClient } from '@tanstack/react-query';
import { listenerKeys } from '@/lib/listener/query-keys';

/** Query keys of the admin dashboard's server state. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  users: () => ['admin', 'users'] as const,
  songs: () => ['admin', 'songs'] as const,
  playlists: () => ['admin', 'playlists'] as const,
  playlist: (id: string) => ['admin', 'playlists', id] as const,
  messages: () => ['admin', 'messages'] as const,
  feedback: () => ['admin', 'feedback'] as const,
};

/** Rows per request in the admin lists (the server's largest page). */
export const ADMIN_PAGE_SIZE = 100;

/**
 * After a change to the library, every list that shows songs or playlists is stale: the admin's
 * own, the listener screens' and the landing page's (the admin may open them next).
 */
export function invalidateLibrary(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.stats() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.songs() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.playlists() }),
    queryClient.invalidateQueries({ queryKey: listenerKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['general', 'songs'] }),
    queryClient.invalidateQueries({ queryKey: ['general', 'stats'] }),
  ]);
}
