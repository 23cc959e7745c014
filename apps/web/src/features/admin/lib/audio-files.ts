import { AUDIO_FILE_EXTENSIONS, extensionOfFileName } from '@cadenza/contract/library';

/**
 * Which of the files an admin drops or picks are sent to the library. The server decides what it
 * accepts by the bytes; here only what is plainly not music stays behind: hidden files (.DS_Store,
 * AppleDouble `._` files, anything in a hidden folder), covers, playlists, cue sheets and logs.
 */

/** A file with where it sat in the dropped or chosen folder ("Album/01 Song.flac"). */
export interface PickedFile {
  file: File;
  path: string;
}

/** A hidden file, or one inside a hidden folder or a macOS `__MACOSX` folder. */
function isHidden(path: string): boolean {
  return path
    .split('/')
    .some((part) => part.startsWith('.') || part === '__MACOSX' || part === 'Thumbs.db');
}

/** Audio by its type or its ending, and not hidden: worth sending. */
export function looksLikeAudio({ file, path }: PickedFile): boolean {
  if (isHidden(path)) return false;
  return (
    file.type.startsWith('audio/') || AUDIO_FILE_EXTENSIONS.has(extensionOfFileName(file.name))
  );
}

/** What the file input's `accept` offers in the picker; other files can still be chosen. */
export const AUDIO_ACCEPT = ['audio/*', ...[...AUDIO_FILE_EXTENSIONS].map((ext) => `.${ext}`)].join(
  ',',
);

/** Files from an `<input type="file">`, with their folder path when a folder was chosen. */
export function pickedFromInput(files: FileList | null): PickedFile[] {
  return [...(files ?? [])].map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}

function readBatch(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

function isDirectory(entry: FileSystemEntry): entry is FileSystemDirectoryEntry {
  return entry.isDirectory;
}

function isFile(entry: FileSystemEntry): entry is FileSystemFileEntry {
  return entry.isFile;
}

/** Every file under a dropped entry, depth first, in the order the browser lists them. */
async function walk(entry: FileSystemEntry, found: PickedFile[]): Promise<void> {
  if (isFile(entry)) {
    found.push({ file: await fileOf(entry), path: entry.fullPath.replace(/^\//, '') });
    return;
  }
  if (!isDirectory(entry)) return;
  const reader = entry.createReader();
  // readEntries answers in batches (100 in Chromium) until it answers an empty one.
  for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) {
    for (const child of batch) await walk(child, found);
  }
}

/**
 * The files of a drop, folders walked. The entries are taken at once: a DataTransfer empties
 * itself when the drop event is over.
 */
export async function droppedFiles(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of [...transfer.items]) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry();
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  // Without entries (older browsers, some tests) the plain file list is all there is.
  if (entries.length === 0 && loose.length === 0)
    return [...transfer.files].map((file) => ({ file, path: file.name }));
  const found: PickedFile[] = loose.map((file) => ({ file, path: file.name }));
  for (const entry of entries) await walk(entry, found);
  return found;
}
