import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { Song } from '@cadenza/contract/songs';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { usePageOffset } from '@/lib/use-page-offset';
import type { SongActions } from '@/components/song-actions/use-song-actions';
import { QueueSongCard } from '@/components/queue-song-card';

const MIN_CARD_WIDTH = 168;
const GAP = 16;
/** Rows rendered beyond the visible ones, so fast scrolling shows no blank gaps. */
const OVERSCAN_ROWS = 3;
/** Start fetching the next page this many rows before the end of what is loaded. */
const PREFETCH_ROWS = 4;

function columnsFor(width: number): number {
  if (width <= 0) return 4;
  return Math.max(2, Math.min(6, Math.floor((width + GAP) / (MIN_CARD_WIDTH + GAP))));
}

/**
 * Every song in a grid that only renders the rows on screen (plus a few), and asks for the next
 * page as the user nears the end: smooth with ten thousand songs.
 */
export function VirtualSongGrid({
  songs,
  label,
  actions,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  songs: readonly Song[];
  label: string;
  actions: SongActions;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const { width, top: scrollMargin } = usePageOffset(containerRef);
  const columns = columnsFor(width);
  const rowCount = Math.ceil(songs.length / columns);
  const cardWidth = width > 0 ? (width - GAP * (columns - 1)) / columns : 200;

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    // Square cover plus title, artist and the row of controls.
    estimateSize: () => cardWidth + 112 + GAP,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();
  const lastRow = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastRow >= rowCount - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, loadingMore, lastRow, rowCount, onLoadMore]);

  return (
    <Box ref={containerRef}>
      <Box
        role="list"
        aria-label={label}
        aria-busy={loadingMore}
        sx={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const start = row.index * columns;
          const rowSongs = songs.slice(start, start + columns);
          return (
            <Box
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                pb: `${GAP}px`,
                display: 'grid',
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gap: `${GAP}px`,
              }}
              style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
            >
              {rowSongs.map((song, offset) => (
                <Box
                  key={song._id}
                  role="listitem"
                  aria-posinset={start + offset + 1}
                  aria-setsize={hasMore ? -1 : songs.length}
                  sx={{ minWidth: 0 }}
                >
                  <QueueSongCard song={song} list={songs} actions={actions} />
                </Box>
              ))}
            </Box>
          );
        })}
      </Box>
      {(loadingMore || hasMore) && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          {loadingMore && <CircularProgress size={28} aria-label="Loading more songs" />}
        </Box>
      )}
    </Box>
  );
}
