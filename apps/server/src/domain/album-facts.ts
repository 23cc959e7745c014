import type { CatalogueTags } from './grouping';

/** What one song's file says of the release it is on. */
export interface ReleaseFacts {
  /** "2004", "2004-03" or "2004-03-02". */
  readonly releaseDate?: string;
  readonly originalDate?: string;
  readonly labels?: readonly string[];
  /** MusicBrainz release types in lower case. */
  readonly releaseTypes?: readonly string[];
  readonly compilation?: boolean;
  /** How the album's title sorts. */
  readonly albumSort?: string;
}

/** An album's facts that its songs' files give. */
export interface AlbumFacts {
  readonly year: number | null;
  readonly releaseDate: string | null;
  readonly originalDate: string | null;
  readonly labels: readonly string[] | null;
  readonly releaseTypes: readonly string[] | null;
  readonly compilation: boolean;
  readonly sortTitle: string | null;
}

/** One song of an album: its year, and its release facts (null when its file was never read for them). */
export interface SongOfAlbum {
  readonly releaseYear: number | null;
  readonly facts: ReleaseFacts | null;
}

/** What a file's tags say of its release, the facts it does not state left out. */
export function releaseFactsOf(tags: CatalogueTags): ReleaseFacts {
  return {
    ...(tags.releaseDate ? { releaseDate: tags.releaseDate } : {}),
    ...(tags.originalDate ? { originalDate: tags.originalDate } : {}),
    ...(tags.labels?.length ? { labels: [...tags.labels] } : {}),
    ...(tags.releaseTypes?.length ? { releaseTypes: [...tags.releaseTypes] } : {}),
    ...(tags.compilation ? { compilation: true } : {}),
    ...(tags.albumSort ? { albumSort: tags.albumSort } : {}),
  };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isTexts = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every(isText);

/** Release facts as kept (JSON); null for none kept, or for text that is not such facts. */
export function parseReleaseFacts(json: string | null): ReleaseFacts | null {
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const facts = value as Record<string, unknown>;
  return {
    ...(isText(facts.releaseDate) ? { releaseDate: facts.releaseDate } : {}),
    ...(isText(facts.originalDate) ? { originalDate: facts.originalDate } : {}),
    ...(isTexts(facts.labels) ? { labels: facts.labels } : {}),
    ...(isTexts(facts.releaseTypes) ? { releaseTypes: facts.releaseTypes } : {}),
    ...(facts.compilation === true ? { compilation: true } : {}),
    ...(isText(facts.albumSort) ? { albumSort: facts.albumSort } : {}),
  };
}

/**
 * An album's facts worked out from its songs, in track order: each fact is the first song's that
 * states it, and the album is a compilation when any song says so. A fact no song read states is
 * kept as the album has it while some song's file was never read for it (songs from before these
 * facts were kept); once every song's was, what they say is all there is.
 */
export function albumFactsOf(songs: readonly SongOfAlbum[], current: AlbumFacts): AlbumFacts {
  const read = songs.flatMap((song) => (song.facts ? [song.facts] : []));
  const unread = read.length < songs.length;
  const first = <K extends 'releaseDate' | 'originalDate' | 'labels' | 'releaseTypes'>(key: K) =>
    read.find((facts) => facts[key] !== undefined)?.[key] ?? (unread ? current[key] : null);
  const sortTitle =
    read.find((facts) => facts.albumSort !== undefined)?.albumSort ??
    (unread ? current.sortTitle : null);
  return {
    year: songs.find((song) => song.releaseYear !== null)?.releaseYear ?? null,
    releaseDate: first('releaseDate'),
    originalDate: first('originalDate'),
    labels: first('labels'),
    releaseTypes: first('releaseTypes'),
    sortTitle,
    compilation:
      read.some((facts) => facts.compilation === true) || (unread && current.compilation),
  };
}
