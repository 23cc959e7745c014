import type { Song } from '@cadenza/contract/songs';
import { useMemo } from 'react';
import { songTitle } from '@/components/song-card';
import { useToast } from '@/components/toast-context';
import { useLikedIds, useSavedIds } from '@/api/songs/get-song-marks';
import { useToggleLike } from '@/api/songs/toggle-like';
import { useDownloadSong } from '@/api/songs/download-song';
import { useToggleSave } from '@/api/songs/toggle-save';
import { useQueueActions, type QueueActions } from './use-queue-actions';

export interface SongActions extends QueueActions {
  likedIds: ReadonlySet<string>;
  savedIds: ReadonlySet<string>;
  toggleLike: (song: Song) => void;
  toggleSave: (song: Song) => void;
  download: (song: Song) => void;
  addToPlaylist: (song: Song) => void;
}

/** What a listener can do with a song, with docs/product.md §8's toasts for each outcome. */
export function useSongActions(addToPlaylist: (song: Song) => void): SongActions {
  const toast = useToast();
  const likedIds = useLikedIds();
  const savedIds = useSavedIds();
  const like = useToggleLike();
  const save = useToggleSave();
  const downloadSong = useDownloadSong();
  const likeMutate = like.mutate;
  const saveMutate = save.mutate;
  const downloadMutate = downloadSong.mutate;
  const { playNext, addToQueue, startRadio } = useQueueActions();

  return useMemo<SongActions>(
    () => ({
      likedIds,
      savedIds,
      toggleLike: (song) =>
        likeMutate(song, {
          onSuccess: (liked) =>
            toast.success(liked ? 'Added to your Liked Songs' : 'Removed from your Liked Songs'),
          onError: () => toast.error('Failed to update Liked Songs'),
        }),
      toggleSave: (song) =>
        saveMutate(song, {
          onSuccess: (saved) =>
            toast.success(saved ? 'Added to your Library' : 'Removed from your Library'),
          onError: () => toast.error('Failed to update Library'),
        }),
      download: (song) => {
        toast.info('Downloading song...');
        downloadMutate(song, {
          onSuccess: () => toast.success(`Successfully downloaded "${songTitle(song)}"`),
          onError: () => toast.error('Failed to download song'),
        });
      },
      addToPlaylist,
      playNext,
      addToQueue,
      startRadio,
    }),
    [
      likedIds,
      savedIds,
      likeMutate,
      saveMutate,
      downloadMutate,
      toast,
      addToPlaylist,
      playNext,
      addToQueue,
      startRadio,
    ],
  );
}
