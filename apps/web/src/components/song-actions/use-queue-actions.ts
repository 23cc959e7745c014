import type { RadioSeed } from '@cadenza/contract/radio';
import type { Song } from '@cadenza/contract/songs';
import { useMemo } from 'react';
import { useToast } from '@/components/toast-context';
import { usePlayer } from '@/lib/player/player-store';

/**
 * Play next and Add to queue, for one song or many (a selection, an album, a playlist); and a
 * radio station from a song, album, artist, genre or playlist, which becomes the whole queue.
 */
export interface QueueActions {
  playNext: (songs: readonly Song[]) => void;
  addToQueue: (songs: readonly Song[]) => void;
  startRadio: (seed: RadioSeed) => void;
}

/** The queue's two additions, each said in a toast (one at a time, the last replacing the first), and radio. */
export function useQueueActions(): QueueActions {
  const toast = useToast();
  return useMemo<QueueActions>(
    () => ({
      playNext: (songs) => {
        if (songs.length === 0) return;
        usePlayer.getState().playNext(songs);
        toast.success(songs.length === 1 ? 'Playing next' : `${songs.length} songs playing next`, {
          key: 'queue',
        });
      },
      addToQueue: (songs) => {
        if (songs.length === 0) return;
        usePlayer.getState().addToQueue(songs);
        toast.success(
          songs.length === 1 ? 'Added to queue' : `${songs.length} songs added to queue`,
          { key: 'queue' },
        );
      },
      startRadio: (seed) => {
        // Loaded when first asked for: no page needs radio to show itself.
        import('@/lib/player/radio')
          .then(({ startRadio }) => startRadio(seed))
          .catch(() => toast.error('Failed to start the radio'));
      },
    }),
    [toast],
  );
}
