import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { usePlayer } from '@/lib/player/player-store';
import { BottomPlayer } from './components/bottom-player';
import { QueueDrawer } from './components/queue-drawer';
import { PlayerEngine } from './player-engine';

/** CSS variable other fixed elements (toasts, the chat button) use to stay above the player. */
export const PLAYER_OFFSET_VARIABLE = '--cadenza-player-offset';

/**
 * Everything of the player that lives at the app root (loaded after the first paint: see
 * player-root.tsx): the audio engine, the bottom bar (on
 * every page, /player included, once a song is current: SPEC.md §2) with its queue drawer, and a
 * spacer so the bar never hides the end of the page.
 */
export function PlayerDock() {
  const showBar = usePlayer((state) => state.current !== null);
  const [queueOpen, setQueueOpen] = useState(false);
  const barRef = useRef<HTMLDivElement>(null);
  const [barHeight, setBarHeight] = useState(0);

  useEffect(() => {
    const bar = barRef.current;
    if (!showBar || !bar) {
      setBarHeight(0);
      return;
    }
    const measure = () => setBarHeight(bar.getBoundingClientRect().height);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [showBar]);

  useEffect(() => {
    document.documentElement.style.setProperty(PLAYER_OFFSET_VARIABLE, `${barHeight}px`);
    return () => {
      document.documentElement.style.removeProperty(PLAYER_OFFSET_VARIABLE);
    };
  }, [barHeight]);

  return (
    <>
      <PlayerEngine />
      {showBar && (
        <>
          <Box aria-hidden sx={{ height: barHeight, flexShrink: 0 }} />
          <BottomPlayer
            ref={barRef}
            queueOpen={queueOpen}
            onToggleQueue={() => setQueueOpen((open) => !open)}
          />
          <QueueDrawer open={queueOpen} onClose={() => setQueueOpen(false)} />
        </>
      )}
    </>
  );
}
