import AccessTimeIcon from '@mui/icons-material/AccessTime';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import type { SongMenuAction } from '@/components/song-menu';
import { songMenuActions } from '@/components/song-actions/song-menu-actions';
import type { SongActions } from '@/components/song-actions/use-song-actions';
import { usePlayer } from '@/lib/player/player-store';
import { songsAfter, type QueueSource } from '@/lib/player/queue';
import { usePageOffset } from '@/lib/use-page-offset';
import { TrackRow, rowSx, trackColumns, type TrackRowModel, type TrackRowProps } from './track-row';

export type { TrackRowProps };

/** Every row has a fixed height, so that nothing needs measuring while scrolling. */
const ROW_HEIGHT = 56;
const SECTION_HEIGHT = 48;
/** Rows rendered beyond the visible ones, so fast scrolling shows no blank gaps. */
const OVERSCAN = 10;
/** Ask for the next page this many rows before the end of what is loaded. */
const PREFETCH_ROWS = 15;

type Row =
  | { kind: 'section'; key: string; label: string; rowIndex: number }
  | ({ kind: 'song'; key: string } & TrackRowModel)
  | { kind: 'loading'; key: string; rowIndex: number };

export interface TrackListProps {
  songs: readonly Song[];
  /** The list's accessible name. */
  label: string;
  actions: SongActions;
  /** What playing a song queues after it (docs/product.md §4); the listed songs unless given. */
  queue?: readonly Song[];
  /**
   * The page the list belongs to (an album, a playlist, an artist, a search): playing its song N
   * queues the songs after it, N+1 onwards, as "Next from" this source (docs/product.md §12.1).
   * Without it, the rest of `queue` follows the chosen song, as §4 says of the dashboard's tabs.
   */
  source?: QueueSource;
  /** The number column: the album's track number, or the place in this list. */
  numbering?: 'track' | 'position';
  /** The album column (on wide screens). */
  showAlbum?: boolean;
  /** A small cover before the title on wide screens (phones always show it). */
  showCover?: boolean;
  /** The header row: #, Title, Album, duration. */
  showHeader?: boolean;
  /** A heading over a run of songs, e.g. "Disc 2": a new value starts a section; null for none. */
  sectionOf?: (song: Song) => string | null;
  /** More songs to come: `onLoadMore` is called as the end nears. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** A control before the like button, e.g. "remove from playlist". */
  renderTrailing?: (song: Song, index: number) => ReactNode;
  /** A leading cell, e.g. a drag handle for reordering. */
  renderHandle?: (song: Song, index: number) => ReactNode;
  /** Extra attributes of a song's row (drag and drop handlers, data attributes). */
  rowProps?: (song: Song, index: number) => TrackRowProps;
  /** Menu entries after the shared ones. */
  extraMenuActions?: (song: Song, index: number) => SongMenuAction[];
  /** Row keys: song ids unless given (a playlist may list a song twice). */
  rowKey?: (song: Song, index: number) => string;
  /** Plays a song; the default plays it with the rest of `queue` (the current one toggles). */
  onPlay?: (song: Song, index: number) => void;
}

function songNumber(song: Song, index: number, numbering: 'track' | 'position'): number {
  return numbering === 'track' && song.trackNumber !== null ? song.trackNumber : index + 1;
}

/**
 * A dense, virtualised track list (an ARIA grid with one row in the Tab order; Up/Down, Home/End
 * move between rows, Enter or a double click plays). Only the rows on screen are rendered, the
 * page itself scrolls, and the next page is asked for as the end nears: smooth with thousands.
 */
export function TrackList({
  songs,
  label,
  actions,
  queue,
  source,
  numbering = 'position',
  showAlbum = true,
  showCover = true,
  showHeader = true,
  sectionOf,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  renderTrailing,
  renderHandle,
  rowProps,
  extraMenuActions,
  rowKey,
  onPlay,
}: TrackListProps) {
  const navigate = useNavigate();
  const containerRef = useRef<HTMLDivElement>(null);
  const { top: scrollMargin } = usePageOffset(containerRef);
  const currentId = usePlayer((state) => state.current?._id ?? null);
  const isPlaying = usePlayer((state) => state.isPlaying);
  const [focusIndex, setFocusIndex] = useState(0);
  const pendingFocus = useRef<number | null>(null);

  const headerRows = showHeader ? 1 : 0;
  const rows = useMemo<Row[]>(() => {
    const list: Row[] = [];
    let section: string | null = null;
    songs.forEach((song, index) => {
      const next = sectionOf?.(song) ?? null;
      if (next !== null && next !== section)
        list.push({
          kind: 'section',
          key: `section-${index}`,
          label: next,
          rowIndex: headerRows + list.length + 1,
        });
      section = next;
      list.push({
        kind: 'song',
        key: rowKey?.(song, index) ?? song._id,
        song,
        index,
        number: songNumber(song, index, numbering),
        rowIndex: headerRows + list.length + 1,
      });
    });
    if (loadingMore)
      list.push({ kind: 'loading', key: 'loading', rowIndex: headerRows + list.length + 1 });
    return list;
  }, [songs, sectionOf, rowKey, numbering, loadingMore, headerRows]);

  const rowOfSong = useMemo(() => {
    const positions: number[] = [];
    rows.forEach((row, position) => {
      if (row.kind === 'song') positions[row.index] = position;
    });
    return positions;
  }, [rows]);

  // Stable while the rows are: the virtualizer measures every row again (a pass over thousands)
  // whenever these change, so a render for the current song's mark must not make new ones.
  const estimateSize = useCallback(
    (position: number) => (rows[position]?.kind === 'section' ? SECTION_HEIGHT : ROW_HEIGHT),
    [rows],
  );
  const getItemKey = useCallback((position: number) => rows[position]?.key ?? position, [rows]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin,
  });
  const items = virtualizer.getVirtualItems();
  const lastItem = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && onLoadMore && lastItem >= rows.length - PREFETCH_ROWS)
      onLoadMore();
  }, [hasMore, loadingMore, onLoadMore, lastItem, rows.length]);

  // A row moved to with the keyboard gets focus once it is rendered.
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (wanted === null) return;
    const row = containerRef.current?.querySelector<HTMLElement>(`[data-song-index="${wanted}"]`);
    if (!row) return;
    pendingFocus.current = null;
    row.focus({ preventScroll: true });
  });

  const queueList = queue ?? songs;
  const play = useCallback(
    (song: Song, index: number) => {
      const player = usePlayer.getState();
      if (onPlay) onPlay(song, index);
      else if (source) player.playFrom(song, songsAfter(queueList, index, player.shuffle), source);
      else player.playFrom(song, queueList);
    },
    [onPlay, queueList, source],
  );

  const menuFor = useCallback(
    (song: Song, index: number) => [
      ...songMenuActions(song, actions, (path) => void navigate(path)),
      ...(extraMenuActions?.(song, index) ?? []),
    ],
    [actions, navigate, extraMenuActions],
  );

  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(songs.length - 1, index));
    setFocusIndex(target);
    pendingFocus.current = target;
    const position = rowOfSong[target];
    if (position !== undefined) virtualizer.scrollToIndex(position, { align: 'auto' });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-song-index]');
    if (!row) return;
    const index = Number(row.dataset.songIndex);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: songs.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
      return;
    }
    if (event.key === 'Enter' && event.target === row) {
      event.preventDefault();
      const song = songs[index];
      if (song) play(song, index);
    }
  };

  const hasHandle = renderHandle !== undefined;
  const hasTrailing = renderTrailing !== undefined;
  const columns = useMemo(
    () => trackColumns({ handle: hasHandle, album: showAlbum, trailing: hasTrailing }),
    [hasHandle, showAlbum, hasTrailing],
  );
  const focused = Math.min(focusIndex, Math.max(0, songs.length - 1));

  return (
    <Box
      ref={containerRef}
      role="grid"
      aria-label={label}
      aria-rowcount={hasMore ? -1 : rows.length + headerRows}
      aria-busy={loadingMore}
      onKeyDown={handleKeyDown}
    >
      {showHeader && (
        <Box
          role="row"
          aria-rowindex={1}
          sx={{
            ...rowSx,
            display: { xs: 'none', sm: 'grid' },
            gridTemplateColumns: columns,
            height: 36,
            mb: 1,
            borderBottom: 1,
            borderColor: 'divider',
            borderRadius: 0,
            color: 'text.secondary',
            '& > *': { fontSize: '0.8rem', letterSpacing: 0.4 },
          }}
        >
          {renderHandle && <span role="columnheader" aria-label="Reorder" />}
          <Box role="columnheader" sx={{ textAlign: 'center' }}>
            #
          </Box>
          <Box role="columnheader">Title</Box>
          {showAlbum && (
            <Box role="columnheader" sx={{ display: { xs: 'none', md: 'block' } }}>
              Album
            </Box>
          )}
          {renderTrailing && <span role="columnheader" />}
          <span role="columnheader" aria-label="Liked" />
          <Box
            role="columnheader"
            aria-label="Duration"
            sx={{ display: 'flex', justifyContent: 'flex-end' }}
          >
            <AccessTimeIcon sx={{ fontSize: 18 }} />
          </Box>
          <span role="columnheader" aria-label="More options" />
        </Box>
      )}
      <Box role="rowgroup" sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <Box
              key={item.key}
              role="none"
              data-index={item.index}
              sx={{ position: 'absolute', top: 0, left: 0, width: '100%', height: item.size }}
              style={{
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              {row.kind === 'section' ? (
                <Box
                  role="row"
                  aria-rowindex={row.rowIndex}
                  sx={{
                    height: SECTION_HEIGHT,
                    display: 'flex',
                    alignItems: 'flex-end',
                    pb: 1,
                    px: 2,
                  }}
                >
                  <Typography
                    role="gridcell"
                    variant="subtitle2"
                    component="div"
                    sx={{ color: 'text.secondary', fontWeight: 700 }}
                  >
                    {row.label}
                  </Typography>
                </Box>
              ) : row.kind === 'loading' ? (
                <Box
                  role="row"
                  aria-rowindex={row.rowIndex}
                  sx={{ display: 'grid', placeItems: 'center', height: ROW_HEIGHT }}
                >
                  <Box role="gridcell">
                    <CircularProgress size={24} aria-label="Loading more songs" />
                  </Box>
                </Box>
              ) : (
                <TrackRow
                  model={row}
                  active={row.song._id === currentId}
                  // Only the current row shows it: the others need not render again.
                  playing={isPlaying && row.song._id === currentId}
                  liked={actions.likedIds.has(row.song._id)}
                  focused={row.index === focused}
                  showAlbum={showAlbum}
                  showCover={showCover}
                  menuFor={menuFor}
                  renderTrailing={renderTrailing}
                  renderHandle={renderHandle}
                  columns={columns}
                  rowProps={rowProps}
                  onPlay={play}
                  onToggleLike={actions.toggleLike}
                  onFocusRow={setFocusIndex}
                />
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
