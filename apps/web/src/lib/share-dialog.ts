import type { ShareKind } from '@cadenza/contract/shares';
import { create } from 'zustand';

/** What the listener is about to share, named as the dialog shows it. */
export interface ShareTarget {
  readonly kind: ShareKind;
  readonly itemIds: readonly string[];
  readonly name: string;
}

interface ShareDialogState {
  target: ShareTarget | null;
  open: (target: ShareTarget) => void;
  close: () => void;
}

/** The one "Share" dialog of the app, opened from any song's, album's or playlist's menu. */
export const useShareDialog = create<ShareDialogState>()((set) => ({
  target: null,
  open: (target) => set({ target }),
  close: () => set({ target: null }),
}));
