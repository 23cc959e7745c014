import { create } from 'zustand';

/** A podcast episode handed to the side player, with the place to start from. */
export interface PlayingEpisode {
  readonly kind: 'episode';
  readonly id: string;
  readonly podcastId: string;
  readonly title: string;
  readonly podcastTitle: string;
  readonly coverUrl: string;
  readonly audioUrl: string;
  readonly startSeconds: number;
}

/** An internet radio station: live, so nothing to seek and no place to keep. */
export interface PlayingStation {
  readonly kind: 'station';
  readonly id: string;
  readonly name: string;
  readonly audioUrl: string;
}

export type SidePlayerItem = PlayingEpisode | PlayingStation;

interface SidePlayerState {
  item: SidePlayerItem | null;
  play: (item: SidePlayerItem) => void;
  close: () => void;
}

/**
 * What plays beside the song player: a podcast episode or a radio station. Neither is a song of
 * the queue (decision 102), so they play in a bar of their own that stays while the listener
 * moves between pages.
 */
export const useSidePlayer = create<SidePlayerState>()((set) => ({
  item: null,
  play: (item) => set({ item }),
  close: () => set({ item: null }),
}));
