import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HistoryEntry } from '@cadenza/contract/listening-history';
import { useDeferredValue, useMemo, useState } from 'react';
import { useHistory, useRemovePlay } from '@/api/history/listening-history';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { PagedResults, usePagedItems, useLoadNextPage } from '@/components/paged-results';
import { TrackListSkeleton } from '@/components/skeletons';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { useToast } from '@/components/toast-context';
import { TrackList } from '@/components/track-list/track-list';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { QueueSource } from '@/lib/player/queue';

/** Playing a play queues the plays after it (older ones), as "Next from: Listening History". */
const HISTORY_SOURCE: QueueSource = {
  kind: 'list',
  label: 'Listening History',
  path: '/user/history',
};

/**
 * The Plays tab: every play, newest first, a page at a time; a search keeps the plays of songs
 * whose title, artist or album hold the words. Playing a row plays the plays after it as the
 * queue; a play can be removed.
 */
export function HistoryPlaysPanel() {
  const [search, setSearch] = useState('');
  const searched = useDeferredValue(search.trim());
  const history = useHistory(searched);
  const entries = usePagedItems(history);
  const loadNextPage = useLoadNextPage(history);
  const { actions, dialogs } = useSongActionsWithDialogs();
  const removePlay = useRemovePlay();
  const toast = useToast();
  const songs = useMemo(() => entries.map((entry) => entry.song), [entries]);

  const remove = (entry: HistoryEntry) =>
    removePlay.mutate(entry.id, {
      onSuccess: () => toast.success(`Removed the play of "${entry.song.title}"`),
      onError: (error) => toast.error(errorMessage(error, 'The play could not be removed')),
    });

  return (
    <>
      <PageHeading title="Listening History" subtitle="Every song you played, newest first" />
      <TextField
        label="Search your history"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        size="small"
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      <PagedResults
        query={history}
        skeleton={<TrackListSkeleton label="Loading your listening history" />}
        errorMessage="Your listening history could not be loaded."
        empty={
          <EmptyState
            text={
              searched
                ? 'No play of a song matching that search.'
                : 'Nothing played yet. Every song you play shows up here, or bring your history from another service.'
            }
          />
        }
        loadMore={false}
      >
        {() => (
          <TrackList
            songs={songs}
            label="Listening History"
            actions={actions}
            source={HISTORY_SOURCE}
            rowKey={(_song, index) => entries[index]?.id ?? String(index)}
            hasMore={history.hasNextPage}
            loadingMore={history.isFetchingNextPage}
            onLoadMore={loadNextPage}
            renderTrailing={(song, index) => {
              const entry = entries[index];
              if (!entry) return null;
              return (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography
                    variant="body2"
                    noWrap
                    sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}
                  >
                    {formatDateTime(entry.playedAt)}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={`Remove the play of ${song.title} at ${formatDateTime(entry.playedAt)}`}
                    onClick={() => remove(entry)}
                    disabled={removePlay.isPending}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Stack>
              );
            }}
          />
        )}
      </PagedResults>
      {dialogs}
    </>
  );
}
