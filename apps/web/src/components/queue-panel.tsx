import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { usePlayer } from '@/lib/player/player-store';
import { QueueList, type QueueView } from './queue-list';
import { useSongActionsWithDialogs } from './song-actions/song-action-dialogs';
import { ScreenReaderAnnouncement } from './screen-reader-announcement';

/**
 * The player's queue ('Now Playing', docs/product.md §12.1): the current song, "Next up" (the
 * listener's own additions), "Next from: <source>" and the session's History. A queue row plays
 * (moved to the front, §4), is removed by its button or Delete, moves with Alt+Up/Down or by
 * dragging its handle; a History row plays again. Only the rows on screen are rendered, so a
 * queue of 10,000 songs scrolls and changes smoothly. `fill`: the panel fills its parent's
 * height (a drawer); otherwise the list scrolls within `maxListHeight`.
 *
 * A queue changed elsewhere (Play on a page, Shuffle, the next song) reaches the rows as a
 * deferred value: React draws them in a background pass after the change the listener made,
 * so that their rendering never lengthens the task of a click. The list's own changes (a move,
 * a removal, a clear) show at once, so that a row keeps its place under the keyboard.
 */
export function QueuePanel({
  fill = false,
  maxListHeight = '60vh',
}: {
  fill?: boolean;
  maxListHeight?: string;
}) {
  const queue = usePlayer((state) => state.queue);
  const nextUpCount = usePlayer((state) => state.nextUpCount);
  const source = usePlayer((state) => state.source);
  const history = usePlayer((state) => state.history);
  const isPlaying = usePlayer((state) => state.isPlaying);
  const live = useMemo<QueueView>(
    () => ({ queue, nextUpCount, source, history, isPlaying }),
    [queue, nextUpCount, source, history, isPlaying],
  );
  const deferred = useDeferredValue(live);
  const [ownQueue, setOwnQueue] = useState<readonly Song[] | null>(null);
  const view = live.queue === ownQueue ? live : deferred;
  const onOwnChange = useCallback(() => setOwnQueue(usePlayer.getState().queue), []);
  const [announcement, setAnnouncement] = useState('');
  const instructionsId = useId();
  const { actions, dialogs } = useSongActionsWithDialogs();

  return (
    <Box
      sx={
        fill
          ? { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }
          : undefined
      }
    >
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2, pb: 1 }}>
        Now Playing
      </Typography>
      <Box id={instructionsId} sx={{ display: 'none' }}>
        Alt with Up or Down moves the song, Delete removes it. With a mouse, drag the handle.
      </Box>
      <ScreenReaderAnnouncement message={announcement} />
      {view.queue.length === 0 && (
        <Typography sx={{ px: 2, py: 3, color: 'text.secondary' }}>No songs in queue</Typography>
      )}
      <QueueList
        view={view}
        actions={actions}
        instructionsId={instructionsId}
        announce={setAnnouncement}
        onOwnChange={onOwnChange}
        fill={fill}
        maxListHeight={maxListHeight}
      />
      {dialogs}
    </Box>
  );
}
