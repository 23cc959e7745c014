import { withoutControlCharacters } from '@cadenza/contract/validation';
import type { HistorySource } from '@cadenza/contract/listening-history';
import { Invalid } from '../../errors';

/** A listen read from a file of another service, before it is matched to a song. */
export interface BroughtListen {
  /** ISO-8601 UTC. */
  readonly playedAt: string;
  readonly artist: string;
  readonly title: string;
  readonly album: string | null;
}

export interface HistoryFile {
  readonly listens: BroughtListen[];
  /** Entries that are not listens of a song: Spotify's short plays, podcasts and videos. */
  readonly skipped: number;
}

/** A Spotify stream shorter than this is a skip, not a listen (as Spotify itself counts). */
export const SPOTIFY_SHORTEST_LISTEN_MS = 30_000;
const LONGEST_TEXT = 500;

export function unrecognisedFile(reason: string): Invalid {
  return new Invalid(reason, undefined, 'history_file_unrecognised');
}

function truncatedFile(): Invalid {
  return new Invalid(
    'The file ends in the middle of a listen: it was cut short. Send the whole file again.',
    undefined,
    'history_file_truncated',
  );
}

/**
 * Reads the whole file (sent as `source` says) into listens, or refuses it: nothing of a file
 * that is not what it claims, or was cut short, is kept.
 */
export function readHistoryFile(source: HistorySource, bytes: Buffer): HistoryFile {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw unrecognisedFile('The file is not text: send the JSON or CSV file the service gave you.');
  }
  if (text.trim() === '') throw unrecognisedFile('The file is empty.');
  const file =
    source === 'spotify'
      ? readSpotify(text)
      : source === 'listenbrainz'
        ? readListenBrainz(text)
        : readLastFm(text);
  if (file.listens.length === 0 && file.skipped === 0)
    throw unrecognisedFile('The file holds no listens.');
  return file;
}

function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = withoutControlCharacters(value).trim().slice(0, LONGEST_TEXT);
  return text === '' ? null : text;
}

function isoOf(ms: number): string | null {
  if (!Number.isFinite(ms) || ms < 0 || ms > Date.UTC(9999, 11, 31)) return null;
  return new Date(ms).toISOString();
}

/** JSON.parse, telling a file cut short from one that never was JSON. */
function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const trimmed = text.trimStart();
    const looksJson = trimmed.startsWith('[') || trimmed.startsWith('{');
    if (looksJson && /end of JSON|Unterminated|after array element|after property/i.test(message))
      throw truncatedFile();
    throw unrecognisedFile(`The file is not JSON: ${what}.`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SPOTIFY_SHAPE =
  'a Spotify extended streaming history (Streaming_History_Audio_*.json) is a JSON array of ' +
  'streams, each with ts, ms_played and master_metadata_track_name';

function readSpotify(text: string): HistoryFile {
  const entries = parseJson(text, SPOTIFY_SHAPE);
  if (!Array.isArray(entries)) throw unrecognisedFile(`Not a streaming history: ${SPOTIFY_SHAPE}.`);
  const listens: BroughtListen[] = [];
  let skipped = 0;
  for (const entry of entries) {
    if (
      !isRecord(entry) ||
      typeof entry.ts !== 'string' ||
      typeof entry.ms_played !== 'number' ||
      !('master_metadata_track_name' in entry)
    )
      throw unrecognisedFile(`Not a streaming history: ${SPOTIFY_SHAPE}.`);
    const playedAt = isoOf(Date.parse(entry.ts));
    if (playedAt === null)
      throw unrecognisedFile(`A stream has a time that is not one: ${entry.ts}.`);
    const title = cleanText(entry.master_metadata_track_name);
    const artist = cleanText(entry.master_metadata_album_artist_name);
    if (title === null || artist === null || entry.ms_played < SPOTIFY_SHORTEST_LISTEN_MS) {
      skipped += 1;
      continue;
    }
    listens.push({
      playedAt,
      artist,
      title,
      album: cleanText(entry.master_metadata_album_album_name),
    });
  }
  return { listens, skipped };
}

const LISTENBRAINZ_SHAPE =
  'a ListenBrainz export holds one listen per line, each with listened_at and track_metadata ' +
  '(artist_name, track_name)';

function listenBrainzListen(entry: unknown): BroughtListen {
  const metadata = isRecord(entry) ? entry.track_metadata : undefined;
  const when = isRecord(entry) ? entry.listened_at : undefined;
  const ms =
    typeof when === 'number' ? when * 1000 : typeof when === 'string' ? Date.parse(when) : NaN;
  const playedAt = isoOf(ms);
  const artist = isRecord(metadata) ? cleanText(metadata.artist_name) : null;
  const title = isRecord(metadata) ? cleanText(metadata.track_name) : null;
  if (playedAt === null || artist === null || title === null || !isRecord(metadata))
    throw unrecognisedFile(`Not a ListenBrainz export: ${LISTENBRAINZ_SHAPE}.`);
  return { playedAt, artist, title, album: cleanText(metadata.release_name) };
}

function readListenBrainz(text: string): HistoryFile {
  if (text.trimStart().startsWith('[')) {
    const entries = parseJson(text, LISTENBRAINZ_SHAPE);
    if (!Array.isArray(entries))
      throw unrecognisedFile(`Not a ListenBrainz export: ${LISTENBRAINZ_SHAPE}.`);
    return { listens: entries.map(listenBrainzListen), skipped: 0 };
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const listens = lines.map((line, index) => {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      const last = index === lines.length - 1;
      if (last && index > 0 && !text.endsWith('\n')) throw truncatedFile();
      throw unrecognisedFile(`The file is not JSON lines: ${LISTENBRAINZ_SHAPE}.`);
    }
    return listenBrainzListen(entry);
  });
  return { listens, skipped: 0 };
}

/** The rows of a CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (quoted) throw truncatedFile();
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0]?.trim() === ''));
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** `31 Jan 2021 12:34` (or with a comma after the year), in UTC, as Last.fm exporters write it. */
const LASTFM_DATE = /^(\d{1,2}) ([A-Za-z]{3}) (\d{4}),? (\d{1,2}):(\d{2})$/;

function lastFmTime(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (/^\d{9,11}$/.test(text)) return isoOf(Number(text) * 1000);
  const parts = LASTFM_DATE.exec(text);
  if (!parts) return null;
  const [, day, month, year, hour, minute] = parts;
  const monthIndex = MONTHS.indexOf((month ?? '').toLowerCase());
  if (monthIndex < 0) return null;
  return isoOf(Date.UTC(Number(year), monthIndex, Number(day), Number(hour), Number(minute)));
}

const LASTFM_SHAPE =
  'a Last.fm scrobble export is a CSV with the columns uts,utc_time,artist,artist_mbid,album,' +
  'album_mbid,track,track_mbid, or without a header artist,album,track,date ' +
  '(dates like 31 Jan 2021 12:34)';

interface LastFmColumns {
  readonly artist: number;
  readonly album: number;
  readonly track: number;
  readonly times: readonly number[];
}

function lastFmColumns(first: readonly string[]): { columns: LastFmColumns; header: boolean } {
  const names = first.map((name) => name.trim().toLowerCase());
  if (names.includes('artist') || names.includes('track')) {
    const times = ['uts', 'utc_time', 'date', 'timestamp'].map((n) => names.indexOf(n));
    const columns = {
      artist: names.indexOf('artist'),
      album: names.indexOf('album'),
      track: names.indexOf('track'),
      times: times.filter((index) => index >= 0),
    };
    if (columns.artist < 0 || columns.track < 0 || columns.times.length === 0)
      throw unrecognisedFile(`Unknown columns (${names.join(', ')}): ${LASTFM_SHAPE}.`);
    return { columns, header: true };
  }
  if (first.length === 4 && lastFmTime(first[3]) !== null)
    return { columns: { artist: 0, album: 1, track: 2, times: [3] }, header: false };
  throw unrecognisedFile(`Not a scrobble export: ${LASTFM_SHAPE}.`);
}

function readLastFm(text: string): HistoryFile {
  const rows = csvRows(text);
  const first = rows[0];
  if (!first) throw unrecognisedFile('The file is empty.');
  const { columns, header } = lastFmColumns(first);
  const body = header ? rows.slice(1) : rows;
  const listens: BroughtListen[] = [];
  body.forEach((row, index) => {
    if (row.length !== first.length) {
      if (index === body.length - 1 && row.length < first.length && !/[\r\n]$/.test(text))
        throw truncatedFile();
      throw unrecognisedFile(
        `Row ${index + (header ? 2 : 1)} has ${row.length} columns, not ${first.length}.`,
      );
    }
    const playedAt = columns.times.map((at) => lastFmTime(row[at])).find((time) => time !== null);
    const artist = cleanText(row[columns.artist]);
    const title = cleanText(row[columns.track]);
    if (!playedAt || artist === null || title === null)
      throw unrecognisedFile(`Row ${index + (header ? 2 : 1)} is not a scrobble: ${LASTFM_SHAPE}.`);
    listens.push({
      playedAt,
      artist,
      title,
      album: columns.album < 0 ? null : cleanText(row[columns.album]),
    });
  });
  return { listens, skipped: 0 };
}
