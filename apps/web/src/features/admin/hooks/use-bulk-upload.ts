import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { uploadLibraryFile } from '@/api/admin/upload-library-file';
import { invalidateCatalogue } from '@/api/query-keys';
import { UploadQueue, type BulkUploadItem, type BulkUploadStatus } from '../lib/upload-queue';
import { sentPercent } from './use-upload-progress';

/** Counts for the summary and the total progress bar. */
export interface BulkUploadTotals {
  files: number;
  settled: number;
  added: number;
  duplicate: number;
  refused: number;
  failed: number;
  /** 0–100 of all bytes: answered files whole, running ones as far as they got. */
  percent: number;
}

function isSettled(status: BulkUploadStatus): boolean {
  return status !== 'queued' && status !== 'uploading';
}

function totalsOf(items: readonly BulkUploadItem[]): BulkUploadTotals {
  const count = (status: BulkUploadStatus) => items.filter((item) => item.status === status).length;
  const settled = items.filter((item) => isSettled(item.status)).length;
  const bytes = items.reduce((sum, item) => sum + item.size, 0);
  const sent = items.reduce(
    (sum, item) => sum + (isSettled(item.status) ? item.size : (item.size * item.progress) / 100),
    0,
  );
  let percent = 0;
  if (bytes > 0) percent = Math.floor((sent / bytes) * 100);
  else if (items.length > 0) percent = Math.floor((settled / items.length) * 100);
  return {
    files: items.length,
    settled,
    added: count('added'),
    duplicate: count('duplicate'),
    refused: count('refused'),
    failed: count('failed'),
    percent,
  };
}

/**
 * A bulk upload to the library (see UploadQueue) as a screen shows it: the files, the totals,
 * whether files are still on their way. When a batch ends with new songs, every list and count of
 * songs is refreshed. Leaving the screen stops what is still going.
 */
export function useBulkUpload() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<readonly BulkUploadItem[]>([]);
  const [queue] = useState(
    () =>
      new UploadQueue(uploadLibraryFile, {
        onChange: setItems,
        onBatchEnd: (added) => {
          if (added) void invalidateCatalogue(queryClient);
        },
        percentOf: sentPercent,
      }),
  );

  useEffect(() => () => queue.abort(), [queue]);

  const totals = useMemo(() => totalsOf(items), [items]);
  const failedIds = useMemo(
    () => items.filter((item) => item.status === 'failed').map((item) => item.id),
    [items],
  );
  return { queue, items, totals, running: totals.settled < totals.files, failedIds };
}
