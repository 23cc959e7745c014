import FileUploadIcon from '@mui/icons-material/FileUpload';
import Button from '@mui/material/Button';
import type { SmartPlaylist } from '@cadenza/contract/smart-playlists';
import { useRef } from 'react';
import { useImportSmartPlaylist } from '@/api/smart-playlists/smart-playlist-files';
import { errorMessage } from '@/lib/api-client';
import { useToast } from './toast-context';

/**
 * "Import .nsp": picks a Navidrome smart playlist file and makes a smart playlist of it; what the
 * server finds wrong with the file is shown as it says it.
 */
export function ImportSmartPlaylistButton({
  onImported,
}: {
  onImported: (playlist: SmartPlaylist) => void;
}) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const importFile = useImportSmartPlaylist();

  const handleFile = (file: File | undefined) => {
    if (!file) return;
    importFile.mutate(file, {
      onSuccess: (playlist) => {
        toast.success(`Imported "${playlist.name}"`);
        onImported(playlist);
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to import the smart playlist')),
    });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".nsp,application/json"
        aria-label="Smart playlist file (.nsp)"
        hidden
        onChange={(event) => {
          handleFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button
        variant="outlined"
        startIcon={<FileUploadIcon />}
        loading={importFile.isPending}
        onClick={() => input.current?.click()}
      >
        Import .nsp
      </Button>
    </>
  );
}
