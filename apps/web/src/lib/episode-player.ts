import { create } from 'zustand';

/** A podcast episode handed to the episode player, with the place to start from. */
export interface PlayingEpisode {
  readonly id: string;
  readonly podcastId: string;
  readonly title: string;
  readonly podcastTitle: string;
  readonly coverUrl: string;
  readonly audioUrl: string;
  readonly startSeconds: number;
}

interface EpisodePlayerState {
  episode: PlayingEpisode | null;
  play: (episode: PlayingEpisode) => void;
  close: () => void;
}

/**
 * The one episode playing, beside the song player: podcasts are not songs of the queue, so an
 * episode plays in a bar of its own that stays while the listener moves between pages.
 */
export const useEpisodePlayer = create<EpisodePlayerState>()((set) => ({
  episode: null,
  play: (episode) => set({ episode }),
  close: () => set({ episode: null }),
}));
