import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import { useElementVirtualizer } from '@/lib/use-element-virtualizer';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useNavigate } from 'react-router';
import { usePlayer } from '@/lib/player/player-store';
import { QueueRow, QUEUE_ROW_HEIGHT } from './queue-row';
import { useSongActionsWithDialogs } from './song-actions/song-action-dialogs';
import { songMenuActions } from './song-actions/song-menu-actions';
import { songTitle } from './song-card';
import { ScreenReaderAnnouncement } from './screen-reader-announcement';

const HEADING_HEIGHT = 44;
/** Rows rendered beyond the visible ones, so that fast scrolling shows no blank gaps. */
const OVERSCAN = 8;

type Item =
  | { kind: 'heading'; key: string; label: string; link?: string; clear?: 'nextUp' | 'source' }
  | { kind: 'row'; key: string; index: number }
  | { kind: 'history'; key: string; index: number };

/** The sections in order; one object per row, so 10,000 songs cost one quick pass. */
function itemsOf(
  queueLength: number,
  nextUpCount: number,
  sourceLabel: string | null,
  sourcePath: string | null,
  historyLength: number,
): Item[] {
  const items: Item[] = [];
  if (queueLength > 0) items.push({ kind: 'row', key: 'q0', index: 0 });
  if (nextUpCount > 0) {
    items.push({ kind: 'heading', key: 'next-up', label: 'Next up', clear: 'nextUp' });
    for (let index = 1; index <= nextUpCount; index += 1)
      items.push({ kind: 'row', key: `q${index}`, index });
  }
  if (queueLength > 1 + nextUpCount) {
    items.push(
      sourceLabel && sourcePath
        ? {
            kind: 'heading',
            key: 'source',
            label: `Next from: ${sourceLabel}`,
            link: sourcePath,
            clear: 'source',
          }
        : { kind: 'heading', key: 'source', label: 'Next in queue', clear: 'source' },
    );
    for (let index = 1 + nextUpCount; index < queueLength; index += 1)
      items.push({ kind: 'row', key: `q${index}`, index });
  }
  if (historyLength > 0) {
    items.push({ kind: 'heading', key: 'history', label: 'History' });
    // The latest first.
    for (let index = historyLength - 1; index >= 0; index -= 1)
      items.push({ kind: 'history', key: `h${index}`, index });
  }
  return items;
}

/**
 * The player's queue ('Now Playing', docs/product.md §12.1): the current song, "Next up" (the
 * listener's own additions), "Next from: <source>" and the session's History. A queue row plays
 * (moved to the front, §4), is removed by its button or Delete, moves with Alt+Up/Down or by
 * dragging its handle; a History row plays again. Only the rows on screen are rendered, so a
 * queue of 10,000 songs scrolls and changes smoothly. `fill`: the panel fills its parent's
 * height (a drawer); otherwise the list scrolls within `maxListHeight`.
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
  const scrollRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<number | null>(null);
  const [dragged, setDragged] = useState<{ from: number; over: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const instructionsId = useId();
  const navigate = useNavigate();
  const { actions, dialogs } = useSongActionsWithDialogs();
  const menuOf = (song: Song) => songMenuActions(song, actions, (path) => void navigate(path));

  const items = useMemo(
    () =>
      itemsOf(
        queue.length,
        nextUpCount,
        source?.label ?? null,
        source?.path ?? null,
        history.length,
      ),
    [queue.length, nextUpCount, source, history.length],
  );
  const positionOfRow = useMemo(() => {
    const positions = new Map<number, number>();
    items.forEach((item, position) => {
      if (item.kind === 'row') positions.set(item.index, position);
    });
    return positions;
  }, [items]);

  // Stable while the sections are: the virtualizer measures every row again (10,000 of them)
  // whenever its key function changes.
  const estimateSize = useCallback(
    (position: number) => (items[position]?.kind === 'heading' ? HEADING_HEIGHT : QUEUE_ROW_HEIGHT),
    [items],
  );
  const getItemKey = useCallback((position: number) => items[position]?.key ?? position, [items]);
  const virtualizer = useElementVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    // jsdom lays nothing out: it sees a window of the first rows.
    initialRect: { width: 320, height: 600 },
  });

  // A row moved with the keyboard keeps the focus at its new place once it is rendered.
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (wanted === null) return;
    const button = scrollRef.current?.querySelector<HTMLElement>(
      `[data-queue-index="${wanted}"] [data-row-main]`,
    );
    if (!button) return;
    pendingFocus.current = null;
    button.focus({ preventScroll: true });
  });

  const sectionOf = (index: number) => (index <= nextUpCount ? 'Next up' : 'the queue');

  const move = (from: number, to: number) => {
    const song = queue[from];
    if (!song || to < 1 || to >= queue.length || to === from) return;
    usePlayer.getState().moveQueueRow(from, to);
    const state = usePlayer.getState();
    setAnnouncement(
      `${songTitle(song)} moved to position ${to} of ${state.queue.length - 1}, in ${
        to <= state.nextUpCount ? 'Next up' : 'the queue'
      }.`,
    );
    pendingFocus.current = to;
    const position = positionOfRow.get(to);
    if (position !== undefined) virtualizer.scrollToIndex(position, { align: 'auto' });
  };

  const remove = (index: number) => {
    const song = queue[index];
    if (!song) return;
    const section = sectionOf(index);
    usePlayer.getState().removeQueueIndex(index);
    setAnnouncement(`${songTitle(song)} removed from ${section}.`);
    const remaining = usePlayer.getState().queue.length;
    if (remaining > 1) pendingFocus.current = Math.min(index, remaining - 1);
  };

  const onRowKeyDown = (event: KeyboardEvent, index: number) => {
    if (index === 0) return;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
    } else if (event.key === 'Delete') {
      event.preventDefault();
      remove(index);
    }
  };

  const clear = (which: 'nextUp' | 'source') => {
    const player = usePlayer.getState();
    if (which === 'nextUp') player.clearNextUp();
    else player.clearSource();
    setAnnouncement(which === 'nextUp' ? 'Next up cleared.' : 'Queue cleared.');
  };

  const renderItem = (item: Item) => {
    if (item.kind === 'heading')
      return (
        <Box
          role="heading"
          aria-level={3}
          sx={{
            height: HEADING_HEIGHT,
            display: 'flex',
            alignItems: 'flex-end',
            gap: 1,
            px: 2,
            pb: 0.5,
          }}
        >
          <Typography
            component="span"
            variant="subtitle2"
            noWrap
            sx={{ flex: 1, fontWeight: 700, color: 'text.secondary' }}
          >
            {item.link ? (
              <>
                {'Next from: '}
                <Link href={item.link} underline="hover" color="text.primary">
                  {item.label.slice('Next from: '.length)}
                </Link>
              </>
            ) : (
              item.label
            )}
          </Typography>
          {item.clear && (
            <Button
              size="small"
              color="inherit"
              aria-label={item.clear === 'nextUp' ? 'Clear Next up' : 'Clear queue'}
              onClick={() => clear(item.clear as 'nextUp' | 'source')}
              sx={{ minWidth: 0, color: 'text.secondary', fontWeight: 700 }}
            >
              Clear
            </Button>
          )}
        </Box>
      );
    if (item.kind === 'history') {
      const song = history[item.index] as Song;
      return (
        <QueueRow
          song={song}
          label={`Play ${songTitle(song)} again`}
          onPlay={() => usePlayer.getState().playHistoryIndex(item.index)}
          muted
          menuActions={menuOf(song)}
        />
      );
    }
    const { index } = item;
    const song = queue[index] as Song;
    const current = index === 0;
    return (
      <QueueRow
        song={song}
        queueIndex={index}
        current={current}
        playing={current && isPlaying}
        label={
          current
            ? `${isPlaying ? 'Pause' : 'Play'} ${songTitle(song)}`
            : `Play ${songTitle(song)} now`
        }
        describedBy={current ? undefined : instructionsId}
        onPlay={() => usePlayer.getState().playQueueIndex(index)}
        onRemove={current ? undefined : () => remove(index)}
        menuActions={menuOf(song)}
        onKeyDown={(event) => onRowKeyDown(event, index)}
        dropTarget={dragged !== null && dragged.over === index && dragged.from !== index}
        drag={
          current
            ? undefined
            : {
                onStart: () => setDragged({ from: index, over: index }),
                onEnd: () => setDragged(null),
                onOver: () => {
                  if (dragged && dragged.over !== index) setDragged({ ...dragged, over: index });
                },
                onDrop: () => {
                  const drag = dragged;
                  setDragged(null);
                  if (drag) move(drag.from, index);
                },
                active: dragged !== null,
              }
        }
      />
    );
  };

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
      {queue.length === 0 && (
        <Typography sx={{ px: 2, py: 3, color: 'text.secondary' }}>No songs in queue</Typography>
      )}
      <Box
        ref={scrollRef}
        role="list"
        aria-label="Queue"
        sx={{
          overflowY: 'auto',
          overscrollBehavior: 'contain',
          ...(fill ? { flex: 1, minHeight: 0 } : { maxHeight: maxListHeight }),
        }}
      >
        <Box sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const item = items[virtual.index];
            if (!item) return null;
            return (
              <Box
                key={virtual.key}
                role="listitem"
                data-queue-index={item.kind === 'row' ? item.index : undefined}
                sx={{ position: 'absolute', top: 0, left: 0, width: '100%', height: virtual.size }}
                style={{ transform: `translateY(${virtual.start}px)` }}
              >
                {renderItem(item)}
              </Box>
            );
          })}
        </Box>
      </Box>
      {dialogs}
    </Box>
  );
}
