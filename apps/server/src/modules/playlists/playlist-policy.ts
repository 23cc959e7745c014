import { Forbidden } from '../../errors';
import type { Caller } from '../../domain/caller';
import type { PlaylistRecord } from './playlist-record';

const NOT_YOUR_PLAYLIST = 'You can only change your own playlists.';
const DEFAULT_IS_READ_ONLY = 'Default playlists can only be changed in the admin area.';

/**
 * Which playlists a list holds: a listener's own followed by every default public one (each part
 * newest first), or the admin area's, those owned by an administrator (newest first).
 */
export type PlaylistListing =
  { readonly kind: 'listener'; readonly userId: string } | { readonly kind: 'admin-area' };

/**
 * What one audience may do with playlists; the service applies it the same way for every API, so
 * that listeners and administrators differ only here.
 */
export interface PlaylistPolicy {
  readonly listing: PlaylistListing;
  /** Whether the caller may open the playlist; any other answers 404, as if it did not exist. */
  mayRead(playlist: PlaylistRecord): boolean;
  /** Why the caller may not change a playlist they can read, or null when they may. */
  refusalToChange(playlist: PlaylistRecord): Forbidden | null;
  /**
   * Whether the caller sets and clears the default flag; anyone else's new playlists are never
   * default.
   */
  readonly flagsDefault: boolean;
}

/**
 * A listener (docs/product.md §10.1), administrators included on these routes: reads their own
 * playlists and public ones, changes only their own, and never a default one.
 */
export function listenerPolicy(caller: Pick<Caller, 'userId'>): PlaylistPolicy {
  return {
    listing: { kind: 'listener', userId: caller.userId },
    mayRead: (playlist) => playlist.isPublic || playlist.ownerId === caller.userId,
    refusalToChange: (playlist) => {
      if (playlist.isDefault)
        return new Forbidden(DEFAULT_IS_READ_ONLY, 'default_playlist_read_only');
      if (playlist.ownerId !== caller.userId)
        return new Forbidden(NOT_YOUR_PLAYLIST, 'not_playlist_owner');
      return null;
    },
    flagsDefault: false,
  };
}

/**
 * The admin area (docs/product.md §10.2): every administrator reads and changes every playlist owned by
 * an administrator; listeners' playlists are not theirs to see.
 */
export const adminPolicy: PlaylistPolicy = {
  listing: { kind: 'admin-area' },
  mayRead: (playlist) => playlist.ownerRole === 'admin',
  refusalToChange: () => null,
  flagsDefault: true,
};
