import { useState } from 'react';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { useUploadProgress, type UploadState } from './use-upload-progress';

/** What a dialog that saves by uploading shows of its save: the overlay and the last error. */
export interface UploadSaveState {
  upload: UploadState;
  saveError: string | null;
}

/**
 * The save of a form whose request uploads files (Add/Edit Song, Create/Edit Playlist): the
 * upload overlay's progress, then a toast and `onSaved` once the overlay has shown 100 %, or
 * the server's message (else `failed`) above the fields.
 */
export function useUploadSave({ failed, onSaved }: { failed: string; onSaved: () => void }) {
  const toast = useToast();
  const upload = useUploadProgress();
  const [saveError, setSaveError] = useState<string | null>(null);

  /** Starts a save; gives its mutation the progress callback and the outcome's handlers. */
  const begin = (succeeded: string) => {
    setSaveError(null);
    upload.start();
    return {
      onProgress: upload.report,
      handlers: {
        onSuccess: () =>
          upload.finish(() => {
            toast.success(succeeded);
            onSaved();
          }),
        onError: (error: Error) => {
          upload.fail();
          setSaveError(errorMessage(error, failed));
        },
      },
    };
  };

  return { upload, saveError, begin };
}
