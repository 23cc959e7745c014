import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { useQueueView } from '@/lib/player/queue-view';
import { makeSong } from '@/test/mock-api/factories';
import { logIn, renderWithProviders, stubMediaElement } from '@/test/render-app';
import { QueueDrawer } from './queue-drawer';

const songs = ['1', '2', '3'].map((id) => makeSong(id));
/** The queue's list, shown or not: a closed side panel is hidden, not necessarily empty. */
const queueList = () => document.querySelector('[role="list"][aria-label="Queue"]');
const sidePanel = () => document.querySelector('[role="complementary"][aria-label="Queue"]');

beforeEach(() => {
  stubMediaElement();
  logIn();
  act(() => usePlayer.getState().playFrom(songs[0]!, songs.slice(1)));
});
afterEach(() => {
  usePlayer.getState().reset();
  useQueueView.getState().setOpen(false);
});

function SidePanel() {
  const open = useQueueView((state) => state.open);
  return (
    <QueueDrawer open={open} onClose={() => useQueueView.getState().setOpen(false)} phone={false} />
  );
}

describe('the side panel of the queue', () => {
  it('renders the queue only while it is open or sliding out', async () => {
    renderWithProviders(<SidePanel />);
    expect(queueList()).toBeNull();

    act(() => useQueueView.getState().setOpen(true));
    expect(queueList()).not.toBeNull();

    act(() => useQueueView.getState().setOpen(false));
    expect(queueList()).not.toBeNull();
    await waitFor(() => expect(queueList()).toBeNull());
  });

  it('mounts the closed panel once the browser is idle, and at once when it opens first', () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    try {
      const { unmount } = renderWithProviders(<SidePanel />);
      expect(sidePanel()).toBeNull();
      expect(idle).toHaveLength(1);
      act(() => idle[0]!());
      expect(sidePanel()).not.toBeNull();
      expect(queueList()).toBeNull();
      unmount();

      renderWithProviders(<SidePanel />);
      act(() => useQueueView.getState().setOpen(true));
      expect(sidePanel()).not.toBeNull();
      expect(queueList()).not.toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
