import type { Playlist } from '@cadenza/contract/playlists';
import type { Song } from '@cadenza/contract/songs';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { usePlaylists } from '@/api/playlists/get-playlists';
import { useAuthStore } from '@/lib/auth-store';
import { AddToPlaylistDialog } from './add-to-playlist-dialog';
import { CreatePlaylistDialog } from './create-playlist-dialog';
import { useSongActions, type SongActions } from './use-song-actions';

const NO_PLAYLISTS: Playlist[] = [];

/**
 * A page's song actions with the dialogs 'Add to Playlist' needs: the listener's own playlists,
 * and creating one from there (the add dialog comes back afterwards). Render `dialogs` once.
 */
export function useSongActionsWithDialogs(): { actions: SongActions; dialogs: ReactNode } {
  const userId = useAuthStore((state) => state.user?._id);
  const playlists = usePlaylists();
  const [songForPlaylist, setSongForPlaylist] = useState<Song | null>(null);
  const [createOpen, setCreateOpen] = useState(false);
  const openAddToPlaylist = useCallback((song: Song) => setSongForPlaylist(song), []);
  const actions = useSongActions(openAddToPlaylist);
  const all = playlists.data ?? NO_PLAYLISTS;
  const own = useMemo(() => all.filter((playlist) => playlist.owner._id === userId), [all, userId]);

  const dialogs = (
    <>
      <CreatePlaylistDialog open={createOpen} onClose={() => setCreateOpen(false)} />
      <AddToPlaylistDialog
        song={createOpen ? null : songForPlaylist}
        playlists={own}
        onClose={() => setSongForPlaylist(null)}
        onCreatePlaylist={() => setCreateOpen(true)}
      />
    </>
  );
  return { actions, dialogs };
}
