import type { Song } from '@cadenza/contract/songs';
import { create } from 'zustand';

/** Where the listener left the long track that has just started, offered until answered. */
export interface ResumeOffer {
  readonly song: Song;
  readonly positionMs: number;
}

interface ResumeOfferState {
  offer: ResumeOffer | null;
  setOffer: (offer: ResumeOffer | null) => void;
}

export const useResumeOffer = create<ResumeOfferState>()((set) => ({
  offer: null,
  setOffer: (offer) => set({ offer }),
}));
