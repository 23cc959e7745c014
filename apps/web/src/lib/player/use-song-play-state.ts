import { usePlayer } from './player-store';
import { startingStatus, useStartingSong } from './starting-song';

/**
 * Whether a song card shows its song as current and as playing. Each part is a yes or no about
 * this song alone, so a player change re-renders only the cards whose answer changes.
 */
export function useSongPlayState(songId: string): { active: boolean; playing: boolean } {
  const starting = useStartingSong((state) => startingStatus(state, songId));
  const current = usePlayer((state) => state.current?._id === songId);
  const playing = usePlayer((state) => state.isPlaying && state.current?._id === songId);
  if (starting === 'starting') return { active: true, playing: true };
  if (starting === 'replaced') return { active: false, playing: false };
  return { active: current, playing };
}
