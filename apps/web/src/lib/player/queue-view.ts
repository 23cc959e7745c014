import { create } from 'zustand';

/**
 * The width of the open queue panel on wide screens, published on :root so that the page beside it
 * makes room instead of hiding under it.
 */
export const QUEUE_PANEL_WIDTH_VARIABLE = '--cadenza-queue-panel-width';

/**
 * Whether the queue view is open (the side panel on wide screens, the sheet on a phone). A store
 * of its own so that the player's queue button, a keyboard shortcut or the phone's now-playing
 * sheet open the same view.
 */
export interface QueueView {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
}

export const useQueueView = create<QueueView>((set, get) => ({
  open: false,
  setOpen: (open) => set({ open }),
  toggle: () => set({ open: !get().open }),
}));
