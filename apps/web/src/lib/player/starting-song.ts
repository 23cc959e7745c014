import { create } from 'zustand';

/**
 * A song a card's click has started on the audio element, which the player store takes in only
 * once the sound plays (see play-song.ts), and the song it replaces. Cards read it to show the
 * click at once; it is small so that only the two cards concerned re-render.
 */
export interface StartingSong {
  songId: string | null;
  replacedId: string | null;
}

export const useStartingSong = create<StartingSong>(() => ({ songId: null, replacedId: null }));

/** How a song's card shows it while a start is pending: started, replaced, or as the store says. */
export type StartingStatus = 'starting' | 'replaced' | null;

export function startingStatus(state: StartingSong, songId: string): StartingStatus {
  if (state.songId === songId) return 'starting';
  if (state.replacedId === songId) return 'replaced';
  return null;
}
