import { useCallback, useState } from 'react';

export type SongView = 'grid' | 'list';

/** Where the dashboard remembers whether songs show as cards or as a track list. */
export const SONG_VIEW_KEY = 'cadenza.dashboard.songView';

function readView(): SongView {
  try {
    return window.localStorage.getItem(SONG_VIEW_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    // Storage can be unavailable (some private modes): cards, as before.
    return 'grid';
  }
}

/** The dashboard's song view, kept across visits. */
export function useSongView(): [SongView, (view: SongView) => void] {
  const [view, setView] = useState<SongView>(readView);
  const choose = useCallback((next: SongView) => {
    setView(next);
    try {
      window.localStorage.setItem(SONG_VIEW_KEY, next);
    } catch {
      // Not remembered, still shown.
    }
  }, []);
  return [view, choose];
}
