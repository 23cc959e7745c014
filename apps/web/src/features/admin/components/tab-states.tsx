import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { rowsOf, type AdminPage } from '@/api/admin/admin-list';

/** A failed load: the server's message, else the screen's fallback, in place of the content. */
export function LoadError({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <Alert severity="error" variant="outlined">
      {errorMessage(error, fallback)}
    </Alert>
  );
}

export function TabSpinner({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

export function EmptyState({
  icon,
  text,
  children,
}: {
  icon: ReactNode;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Box
      sx={{
        textAlign: 'center',
        py: 8,
        px: 2,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 3,
        color: 'text.secondary',
        '& > svg': { fontSize: 48, mb: 1, opacity: 0.7 },
      }}
    >
      {icon}
      <Typography sx={{ mb: children ? 2 : 0 }}>{text}</Typography>
      {children}
    </Box>
  );
}

/** The part of an admin list query (useInfiniteQuery) that loads its further pages. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** An admin list query (useInfiniteQuery over admin pages): its state and the pages loaded. */
export interface PagedRows<Row> extends PagedList {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: unknown;
  data: { pages: readonly AdminPage<Row>[] } | undefined;
}

/**
 * An admin list in its states: a spinner while the first page loads, the error when it failed,
 * `empty` when there are no rows, else the rows as `children` lays them out, then Load more.
 */
export function PagedListView<Row>({
  list,
  loadingLabel,
  failed,
  empty,
  children,
}: {
  list: PagedRows<Row>;
  loadingLabel: string;
  failed: string;
  empty: ReactNode;
  children: (rows: Row[]) => ReactNode;
}) {
  if (list.isPending) return <TabSpinner label={loadingLabel} />;
  if (list.isError) return <LoadError error={list.error} fallback={failed} />;
  const rows = rowsOf(list.data?.pages);
  if (rows.length === 0) return empty;
  return (
    <>
      {children(rows)}
      <LoadMore list={list} />
    </>
  );
}

/** "Load more" under a list while the server has further pages. */
export function LoadMore({ list, label = 'Load more' }: { list: PagedList; label?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
      <Button
        variant="outlined"
        onClick={() => void list.fetchNextPage()}
        disabled={list.isFetchingNextPage}
      >
        {list.isFetchingNextPage ? 'Loading…' : label}
      </Button>
    </Box>
  );
}

/** How many rows are loaded, e.g. "12 songs", or "50+ songs" while the server has more pages. */
export function loadedCount(count: number, hasMore: boolean, one: string, many: string): string {
  return `${count}${hasMore ? '+' : ''} ${count === 1 ? one : many}`;
}

/** The error a failed action (such as a delete) leaves above a tab's list, until dismissed. */
export function ActionError({ error, onClose }: { error: string | null; onClose: () => void }) {
  if (!error) return null;
  return (
    <Alert severity="error" onClose={onClose} sx={{ mb: 2 }}>
      {error}
    </Alert>
  );
}

/** A row with one part at its start and one at its end, wrapping on narrow screens. */
export function SpreadRow({
  gap = 2,
  mb = 3,
  children,
}: {
  gap?: number;
  mb?: number;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap,
        mb,
      }}
    >
      {children}
    </Box>
  );
}

/** A tab's heading row: title and count on the left, actions on the right. */
export function TabHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <SpreadRow>
      <Box>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {children && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{children}</Box>}
    </SpreadRow>
  );
}
