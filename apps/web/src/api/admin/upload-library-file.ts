import { libraryApi } from '@cadenza/contract/routes/admin';
import { LIBRARY_UPLOAD_FIELD, type LibraryUploadResult } from '@cadenza/contract/library';
import { uploadTo, type UploadProgress } from '@/lib/upload-with-progress';

export interface UploadLibraryFileOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/admin/library/uploads: one audio file whose tags fill everything. Answers whether it
 * was added or was already in the library; a refused file rejects with the server's reason.
 */
export async function uploadLibraryFile(
  file: File,
  { onProgress, signal }: UploadLibraryFileOptions = {},
): Promise<LibraryUploadResult> {
  const form = new FormData();
  form.append(LIBRARY_UPLOAD_FIELD, file, file.name);
  const answer = await uploadTo(libraryApi.upload, { body: form, onProgress, signal });
  return answer.data;
}
