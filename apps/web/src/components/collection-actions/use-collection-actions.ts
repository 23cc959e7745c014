import type { Song } from '@cadenza/contract/songs';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { albumQueryOptions } from '@/api/catalogue/get-album';
import { artistQueryOptions } from '@/api/catalogue/get-artist';
import { playlistQueryOptions } from '@/api/playlists/get-playlist';
import { useToast } from '@/components/toast-context';
import { usePlayer } from '@/lib/player/player-store';
import { useQueueActions } from '@/components/song-actions/use-queue-actions';
import type { CollectionActions, CollectionTarget } from './collection-menu-actions';

/** The songs of an album (in order), an artist (their top songs) or a playlist (its order). */
export async function songsOf(queryClient: QueryClient, target: CollectionTarget): Promise<Song[]> {
  switch (target.kind) {
    case 'album':
      return (await queryClient.fetchQuery(albumQueryOptions(target.id))).songs;
    case 'artist':
      return (await queryClient.fetchQuery(artistQueryOptions(target.id))).topSongs;
    case 'playlist':
      return (await queryClient.fetchQuery(playlistQueryOptions(target.id))).songs;
  }
}

/** The actions of album, artist and playlist menus, with a toast when playing fails. */
export function useCollectionActions(): CollectionActions {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { startRadio } = useQueueActions();
  return useMemo<CollectionActions>(
    () => ({
      play: (target) => {
        songsOf(queryClient, target)
          .then((songs) => {
            const first = songs[0];
            if (first) usePlayer.getState().playFrom(first, songs);
          })
          .catch(() => toast.error(`Failed to play ${target.kind}`));
      },
      startRadio,
      navigate: (path) => void navigate(path),
    }),
    [queryClient, toast, navigate, startRadio],
  );
}
