import { z } from 'zod';
import { transcodingInfoSchema } from './health';
import { songSchema } from './songs';

/**
 * `POST /api/admin/library/uploads`: one audio file (the multipart field `file`) whose tags fill
 * everything. A new file answers 201 `added`; a file whose content is already in the library
 * answers 200 `duplicate` with the song that has it, and nothing is stored twice. A file browsers
 * cannot play, or that is not audio at all, answers 415 with a message naming why.
 */
export const libraryUploadResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('added'), song: songSchema }),
  z.object({ outcome: z.literal('duplicate'), song: songSchema }),
]);
export type LibraryUploadResult = z.infer<typeof libraryUploadResultSchema>;

/**
 * The endings of audio files the library takes in (a folder scan, a bulk upload): those browsers
 * play, and those it refuses by name, so that they are listed with the reason rather than passed
 * over. What a file holds is decided by its bytes, never by its name.
 */
export const AUDIO_FILE_EXTENSIONS: ReadonlySet<string> = new Set([
  ...['mp3', 'mp2', 'mp1', 'mpga', 'm4a', 'm4b', 'mp4', 'aac', '3gp', 'alac', 'caf'],
  ...['flac', 'ogg', 'oga', 'opus', 'spx', 'webm', 'weba', 'mka'],
  ...['wav', 'wave', 'aif', 'aiff', 'aifc', 'wma', 'ape', 'wv', 'mpc', 'tta', 'ac3', 'dts'],
  ...['amr', 'dsf', 'dff'],
]);

/** A file name's ending, lower-cased, without the dot; empty for none (or a dot file's name). */
export function extensionOfFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The multipart field a library upload sends its file in. */
export const LIBRARY_UPLOAD_FIELD = 'file';

/** How many files the bulk upload sends at once. */
export const LIBRARY_UPLOAD_CONCURRENCY = 3;

export const libraryMessages = {
  /** `encoding` names what the file holds ("MPEG layer II audio", "AIFF audio", …). */
  unsupportedCodec: (encoding: string) =>
    `${encoding} cannot be played by browsers; convert it to MP3, AAC, FLAC, Opus, Vorbis or WAV, or install ffmpeg on the server to take it as it is.`,
  unreadableAudio: 'The file could not be read as audio; it may be damaged or incomplete.',
  cutShortAudio:
    'The file is cut short: its audio ends before a second frame begins, too soon for browsers to play it.',
  damagedAudio:
    'The file is damaged: the start of its audio fails its checksum, so browsers cannot play it.',
  notConfigured: 'No music folders are set up: set MUSIC_DIR to scan a library in place.',
  scanningElsewhere:
    'Another server node is scanning the music folders now; this scan was skipped.',
  lyricsTooLarge: 'Lyrics over 256 KB are not kept.',
} as const;

/** A file a scan could not take, with why. */
export const libraryScanErrorSchema = z.object({ path: z.string(), message: z.string() });
export type LibraryScanError = z.infer<typeof libraryScanErrorSchema>;

/** The most errors a scan status lists; `errorCount` counts them all. */
export const MAX_LISTED_SCAN_ERRORS = 100;

/**
 * The fields an administrator set by hand on a song that a scan replaced, because the song's file
 * (or the `.lrc` beside it) changed and was read again.
 */
export const libraryScanReplacedEditsSchema = z.object({
  path: z.string(),
  fields: z.array(z.string()),
});
export type LibraryScanReplacedEdits = z.infer<typeof libraryScanReplacedEditsSchema>;

/** The most files a scan status lists with replaced edits. */
export const MAX_LISTED_REPLACED_EDITS = 100;

/**
 * `GET /api/admin/library/scan` (and the answer of `POST`, which starts one): the folders scanned
 * in place (`MUSIC_DIR`) and the last or running scan's progress. Counts are files.
 */
export const libraryScanStatusSchema = z.object({
  /** False when `MUSIC_DIR` is not set: there is nothing to scan. */
  configured: z.boolean(),
  folders: z.array(z.string()),
  running: z.boolean(),
  /** Null before the first scan since the server started. */
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  elapsedMs: z.number().int(),
  seen: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  moved: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(libraryScanErrorSchema),
  /** Files whose change replaced edits made by hand (at most `MAX_LISTED_REPLACED_EDITS`). */
  replacedEdits: z.array(libraryScanReplacedEditsSchema),
});
export type LibraryScanStatus = z.infer<typeof libraryScanStatusSchema>;

/**
 * What `GET`/`POST /api/admin/library/scan` answer: the scan, and whether files browsers cannot
 * play are taken in and played through ffmpeg.
 */
export const libraryStatusSchema = libraryScanStatusSchema.extend({
  transcoding: transcodingInfoSchema,
});
export type LibraryStatus = z.infer<typeof libraryStatusSchema>;
