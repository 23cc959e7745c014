import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { usePlayer } from '@/lib/player/player-store';
import { BottomPlayer } from './components/bottom-player';
import { MiniPlayer } from './components/mini-player';
import { QueueDrawer } from './components/queue-drawer';
import { PlayerEngine } from './player-engine';

/**
 * Everything of the player that lives at the app root (loaded after the first paint: see
 * player-root.tsx): the audio engine and, on every page once a song is current (docs/product.md §2,
 * /player included), the bottom player: the full bar with its queue drawer from md up, the
 * one-row mini-player on a phone (decision 039). Each publishes its height (lib/bottom-bars).
 */
export function PlayerDock() {
  const song = usePlayer((state) => state.current);
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [queueOpen, setQueueOpen] = useState(false);

  return (
    <>
      <PlayerEngine />
      {song &&
        (isPhone ? (
          <MiniPlayer song={song} />
        ) : (
          <>
            <BottomPlayer
              song={song}
              queueOpen={queueOpen}
              onToggleQueue={() => setQueueOpen((open) => !open)}
            />
            <QueueDrawer open={queueOpen} onClose={() => setQueueOpen(false)} />
          </>
        ))}
    </>
  );
}
