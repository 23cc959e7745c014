import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import { useElementVirtualizer } from '@/lib/use-element-virtualizer';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { usePlayer } from '@/lib/player/player-store';
import type { QueueSource } from '@/lib/player/queue';
import { QueueRow, QUEUE_ROW_HEIGHT } from './queue-row';
import type { SongActions } from './song-actions/use-song-actions';
import { songMenuActions } from './song-actions/song-menu-actions';
import { songTitle } from './song-card';

const HEADING_HEIGHT = 44;
/** Rows rendered beyond the visible ones, so that fast scrolling shows no blank gaps. */
const OVERSCAN = 8;

/** The parts of the player's state the list draws. */
export interface QueueView {
  queue: readonly Song[];
  nextUpCount: number;
  source: QueueSource | null;
  history: readonly Song[];
  isPlaying: boolean;
}

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

const headingSx = {
  height: HEADING_HEIGHT,
  display: 'flex',
  alignItems: 'flex-end',
  gap: 1,
  px: 2,
  pb: 0.5,
} as const;
const headingTextSx = { flex: 1, fontWeight: 700, color: 'text.secondary' } as const;
const clearButtonSx = { minWidth: 0, color: 'text.secondary', fontWeight: 700 } as const;
const listItemSx = { position: 'absolute', top: 0, left: 0, width: '100%' } as const;

/**
 * The rows of the queue panel, virtual: only the rows on screen are rendered. Memoised, so that
 * the panel can hand it a deferred view and a change of the player's queue from elsewhere
 * draws the rows after the page has answered the listener. `view` must be the player's
 * current state when one of the list's own actions runs (the panel keeps it so).
 */
export const QueueList = memo(function QueueList({
  view,
  actions,
  instructionsId,
  announce,
  onOwnChange,
  fill,
  maxListHeight,
}: {
  view: QueueView;
  actions: SongActions;
  /** The element that explains the keys, for each movable row's description. */
  instructionsId: string;
  announce: (message: string) => void;
  /** Called right after the list changed the player's queue. */
  onOwnChange: () => void;
  fill: boolean;
  maxListHeight: string;
}) {
  const { queue, nextUpCount, source, history, isPlaying } = view;
  const scrollRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<number | null>(null);
  const [dragged, setDragged] = useState<{ from: number; over: number } | null>(null);
  const navigate = useNavigate();
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
    onOwnChange();
    const state = usePlayer.getState();
    announce(
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
    onOwnChange();
    announce(`${songTitle(song)} removed from ${section}.`);
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
    onOwnChange();
    announce(which === 'nextUp' ? 'Next up cleared.' : 'Queue cleared.');
  };

  const renderItem = (item: Item) => {
    if (item.kind === 'heading') {
      const which = item.clear;
      return (
        <Box role="heading" aria-level={3} sx={headingSx}>
          <Typography component="span" variant="subtitle2" noWrap sx={headingTextSx}>
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
          {which && (
            <Button
              size="small"
              color="inherit"
              aria-label={which === 'nextUp' ? 'Clear Next up' : 'Clear queue'}
              onClick={() => clear(which)}
              sx={clearButtonSx}
            >
              Clear
            </Button>
          )}
        </Box>
      );
    }
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
              sx={listItemSx}
              style={{ height: virtual.size, transform: `translateY(${virtual.start}px)` }}
            >
              {renderItem(item)}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
});
