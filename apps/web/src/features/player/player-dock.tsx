import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { usePlayer } from '@/lib/player/player-store';
import { useQueueView } from '@/lib/player/queue-view';
import { BottomPlayer } from './components/bottom-player';
import { MiniPlayer } from './components/mini-player';
import { NowPlayingSheet } from './components/now-playing-sheet';
import { QueueDrawer } from './components/queue-drawer';
import { PlayerEngine } from './player-engine';
import { useResumeAfterOffline } from './resume-after-offline';
import { useRadioRefill } from './use-radio-refill';

/**
 * Everything of the player that lives at the app root (loaded after the first paint: see
 * player-root.tsx): the audio engine and, on every page once a song is current (docs/product.md §2,
 * /player included), the bottom player: the full bar with its queue panel from md up, the
 * one-row mini-player on a phone (decision 039), which opens the full-screen now-playing sheet
 * (decision 084), and the queue sheet. Each bar publishes its height (lib/bottom-bars).
 */
export function PlayerDock() {
  const song = usePlayer((state) => state.current);
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const queueOpen = useQueueView((state) => state.open);
  const [sheetOpen, setSheetOpen] = useState(false);
  const closeQueue = () => useQueueView.getState().setOpen(false);
  // The player goes away with its last song (logout): the next one starts with the queue shut.
  useEffect(() => () => useQueueView.getState().setOpen(false), []);
  useResumeAfterOffline();
  useRadioRefill();

  return (
    <>
      <PlayerEngine />
      {song &&
        (isPhone ? (
          <>
            <MiniPlayer song={song} onOpen={() => setSheetOpen(true)} />
            <NowPlayingSheet
              song={song}
              open={sheetOpen}
              onClose={() => setSheetOpen(false)}
              onOpenQueue={() => useQueueView.getState().setOpen(true)}
            />
          </>
        ) : (
          <BottomPlayer
            song={song}
            queueOpen={queueOpen}
            onToggleQueue={() => useQueueView.getState().toggle()}
          />
        ))}
      {song && <QueueDrawer open={queueOpen} onClose={closeQueue} phone={isPhone} />}
    </>
  );
}
