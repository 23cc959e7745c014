import type { PlayQueue } from '@cadenza/contract/play-queue';
import { create } from 'zustand';

interface QueueOfferState {
  /** A queue another device saved after this browser's, which the listener may continue here. */
  offer: PlayQueue | null;
  setOffer: (offer: PlayQueue | null) => void;
}

export const useQueueOffer = create<QueueOfferState>()((set) => ({
  offer: null,
  setOffer: (offer) => set({ offer }),
}));
