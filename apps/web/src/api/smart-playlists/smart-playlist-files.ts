import { smartPlaylistApi } from '@cadenza/contract/routes/smart-playlists';
import type { NspDocument, SmartPlaylist } from '@cadenza/contract/smart-playlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { ApiError } from '@/lib/api-client';
import { call } from '@/lib/route-call';
import { saveBlob } from '@/lib/save-blob';

/** A file name from the playlist's name: its letters, digits, spaces and dashes, then `.nsp`. */
export function nspFileName(name: string): string {
  const clean = name.replace(/[^\p{L}\p{N} _-]/gu, '').trim();
  return `${clean || 'smart-playlist'}.nsp`;
}

/**
 * GET /api/user/smart-playlists/:id/nsp, saved through an <a download> as `<name>.nsp` (Navidrome's
 * smart playlist format). Resolves to the saved file's name.
 */
export async function exportSmartPlaylist(playlist: {
  _id: string;
  name: string;
}): Promise<string> {
  const document_ = await call(smartPlaylistApi.exportNsp, { params: { id: playlist._id } });
  const blob = new Blob([JSON.stringify(document_, null, 2)], { type: 'application/json' });
  const fileName = nspFileName(playlist.name);
  saveBlob(blob, fileName);
  return fileName;
}

export function useExportSmartPlaylist() {
  return useMutation({ mutationFn: exportSmartPlaylist });
}

/** What a file that is not a JSON object is told (the server judges the rest). */
export const NOT_AN_NSP_FILE = 'This file is not a smart playlist (.nsp): it is not a JSON object.';

function isJsonObject(value: unknown): value is NspDocument {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an `.nsp` file and POSTs it to /api/user/smart-playlists/nsp; answers the new playlist. */
export async function importSmartPlaylist(file: File): Promise<SmartPlaylist> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    throw new ApiError(400, NOT_AN_NSP_FILE);
  }
  // The server checks the rest of the document and says what is wrong with it.
  if (!isJsonObject(parsed)) throw new ApiError(400, NOT_AN_NSP_FILE);
  return (await call(smartPlaylistApi.importNsp, { body: parsed })).data;
}

export function useImportSmartPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSmartPlaylist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playlistKeys.lists() }),
  });
}
