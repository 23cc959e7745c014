import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { rowsOf } from '@/api/admin/admin-list';
import type { useConfirmedDelete } from '../hooks/use-confirmed-delete';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ActionError, loadedCount, PagedListView, TabHeader, type PagedRows } from './tab-states';

/**
 * A tab that manages one admin list (Users, Songs, Playlists): the heading with how many rows
 * are loaded and the tab's `actions`, the error a failed delete left, the list in its states,
 * and the question before a delete. `dialogs` are the tab's other dialogs.
 */
export function AdminListTab<Row extends { _id: string }>({
  title,
  count: [one, many],
  actions,
  list,
  loadingLabel,
  failed,
  empty,
  deletion,
  confirmDelete,
  dialogs,
  children,
}: {
  title: string;
  /** What one row and several rows are called in the count, e.g. ['song', 'songs']. */
  count: [string, string];
  actions: ReactNode;
  list: PagedRows<Row>;
  loadingLabel: string;
  failed: string;
  empty: ReactNode;
  deletion: ReturnType<typeof useConfirmedDelete<Row>>;
  confirmDelete: { title: string; message: string; detail: (row: Row) => string };
  dialogs?: ReactNode;
  children: (rows: Row[]) => ReactNode;
}) {
  const { toDelete } = deletion;
  const rows = rowsOf(list.data?.pages);

  return (
    <Box>
      <TabHeader
        title={title}
        subtitle={
          list.isSuccess ? loadedCount(rows.length, list.hasNextPage, one, many) : undefined
        }
      >
        {actions}
      </TabHeader>
      <ActionError error={deletion.error} onClose={deletion.dismissError} />
      <PagedListView list={list} loadingLabel={loadingLabel} failed={failed} empty={empty}>
        {children}
      </PagedListView>
      <ConfirmDeleteDialog
        open={toDelete !== null}
        title={confirmDelete.title}
        message={confirmDelete.message}
        detail={toDelete ? confirmDelete.detail(toDelete) : undefined}
        pending={deletion.pending}
        onConfirm={deletion.confirm}
        onClose={deletion.cancel}
      />
      {dialogs}
    </Box>
  );
}
