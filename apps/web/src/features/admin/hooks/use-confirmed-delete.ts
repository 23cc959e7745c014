import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';

/**
 * A delete the admin confirms first: the row waiting for confirmation, the delete itself (a toast
 * when it worked, the server's message or `failed` when not), and the error left on the tab.
 */
export function useConfirmedDelete<Row extends { _id: string }>(
  deletion: UseMutationResult<unknown, Error, string>,
  messages: { deleted: string; failed: string },
) {
  const toast = useToast();
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete._id, {
      onSuccess: () => {
        toast.success(messages.deleted);
        setError(null);
      },
      onError: (failure) => setError(errorMessage(failure, messages.failed)),
      onSettled: () => setToDelete(null),
    });
  };

  return {
    toDelete,
    ask: setToDelete,
    cancel: () => setToDelete(null),
    confirm,
    pending: deletion.isPending,
    error,
    dismissError: () => setError(null),
  };
}
