import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';

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
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
      }}
    >
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
    </Box>
  );
}
