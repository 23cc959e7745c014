import type { SongRecord } from '../songs/song-record';
import type { SubsonicNode } from './subsonic-response';

/** What a song's `Child` shows beyond its record, read once for the songs of one answer. */
export interface SongFacts {
  /** The album artist of each album, by album id. */
  readonly albumArtists: ReadonlyMap<string, { readonly id: string; readonly name: string }>;
  /** The path inside its folder of each scanned song's file, by song id. */
  readonly libraryPaths: ReadonlyMap<string, string>;
  /** How often each song was played, by every listener together, by song id (none: 0). */
  readonly playCounts: ReadonlyMap<string, number>;
}

export const NO_SONG_FACTS: SongFacts = {
  albumArtists: new Map(),
  libraryPaths: new Map(),
  playCounts: new Map(),
};

const TAGGED_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/**
 * A tagged date ("2004", "2004-03", "2004-03-02") as OpenSubsonic's `ItemDate`: as much of it as
 * the tag gives; undefined for none, or for text that is no such date.
 */
export function itemDateOf(date: string | null): SubsonicNode | undefined {
  const parts = date === null ? null : TAGGED_DATE.exec(date.trim());
  if (!parts) return undefined;
  const [year, month, day] = parts.slice(1).map((part) => (part ? Number(part) : undefined));
  if (month !== undefined && (month < 1 || month > 12)) return { year };
  if (day !== undefined && (day < 1 || day > 31)) return { year, month };
  return { year, month, day };
}

/** MusicBrainz's own spelling of the release types whose name is not just capitalised. */
const RELEASE_TYPE_NAMES: Readonly<Record<string, string>> = {
  ep: 'EP',
  'dj-mix': 'DJ-mix',
  'mixtape/street': 'Mixtape/Street',
  'audio drama': 'Audio drama',
  'field recording': 'Field recording',
};

/** Release types as MusicBrainz names them ("Album", "EP", "Compilation"). */
export function releaseTypeNames(types: readonly string[]): string[] {
  return types.map((type) => {
    const key = type.trim().toLowerCase();
    return RELEASE_TYPE_NAMES[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
  });
}

/** A name as one part of a path: no separators in it, never empty. */
function pathPart(name: string): string {
  return name.replace(/[/\\]/g, '_').trim() || 'Unknown';
}

/**
 * Where an uploaded song would lie in a folder of music, as apps that sort by path expect one:
 * `Album artist/Album/NN - Title.ext` (without `NN - ` when it has no track number).
 */
export function uploadedSongPath(song: SongRecord, albumArtist: string, suffix: string): string {
  const track = song.trackNumber === null ? '' : `${String(song.trackNumber).padStart(2, '0')} - `;
  return [
    pathPart(albumArtist),
    pathPart(song.album ?? song.title),
    `${track}${pathPart(song.title)}.${suffix}`,
  ].join('/');
}
