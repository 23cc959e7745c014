import { FEATURING, FEATURING_WORD, UNKNOWN_ARTIST } from '@cadenza/contract/artist-credit';

/**
 * The catalogue's grouping rules, in one place and free of any database: which album a track
 * belongs to, who its main and featured artists are, and how an artist sorts.
 */

/** A name or title as grouping compares it: case, width and runs of spaces ignored. */
export function foldKey(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The artist of a file that names none. */
export { UNKNOWN_ARTIST };

/** What a file says about who made it and where it belongs; each absent when it does not say. */
export interface CatalogueTags {
  /** Multi-valued artists (`ARTISTS`, or the values of an ID3v2.4 multi-value frame). */
  readonly artists?: readonly string[];
  /** `TITLESORT` / `TSOT`: how the title sorts. */
  readonly titleSort?: string;
  /** `ALBUMSORT` / `TSOA`: how the album's title sorts. */
  readonly albumSort?: string;
  /** `ARTISTSORT` / `TSOP`: how the (first main) artist sorts. */
  readonly artistSort?: string;
  readonly albumArtist?: string;
  readonly albumArtistSort?: string;
  readonly musicbrainzArtistId?: string;
  readonly musicbrainzReleaseId?: string;
  /** The recording's id (MUSICBRAINZ_TRACKID): the song's own. */
  readonly musicbrainzRecordingId?: string;
  readonly trackNumber?: number;
  readonly discNumber?: number;
  readonly discCount?: number;
  readonly codec?: string;
  readonly container?: string;
  readonly bitRate?: number;
  readonly sampleRate?: number;
  readonly channels?: number;
  readonly durationMs?: number;
  readonly sha256?: string;
  readonly replayGain?: ReplayGain;
  /** The genre exactly as the tags wrote it. */
  readonly genreText?: string;
  /** The genres the tags name, split and as written (domain/tag-genres.ts). */
  readonly genres?: readonly string[];
  readonly lyrics?: readonly TagLyrics[];
  /** "2004", "2004-03" or "2004-03-02". */
  readonly releaseDate?: string;
  readonly originalDate?: string;
  /** Record labels. */
  readonly labels?: readonly string[];
  /** MusicBrainz release types in lower case: "album", "ep", "single", "compilation", "live"… */
  readonly releaseTypes?: readonly string[];
  readonly compilation?: boolean;
  /** The title of the song's disc in a set ("The Early Years"). */
  readonly discSubtitle?: string;
  readonly bpm?: number;
  readonly comment?: string;
}

/** Lyrics a file's tags hold: LRC text when timed, plain text otherwise. */
export interface TagLyrics {
  /** In the file's tags, or in a `.lrc` file beside it. */
  readonly source: 'embedded' | 'sidecar';
  /** ISO 639-2 language the tag names, when it names one. */
  readonly language: string | null;
  readonly text: string;
}

/** A song as the catalogue places it among albums and artists. */
export interface SongToPlace {
  readonly id: string;
  readonly title: string;
  readonly artist: string;
  readonly album: string | null;
  readonly releaseYear: number | null;
  readonly createdAt: string;
  readonly tags: CatalogueTags;
  /** The genres to file it under; undefined leaves those it has. */
  readonly genres?: readonly string[];
  /** Its artists as set by hand; undefined credits those its artist text and tags name. */
  readonly credits?: ArtistCredits;
  /**
   * The album it stays in (an edit that left its album as it was); undefined files it under the
   * album its album text and tags name.
   */
  readonly albumId?: string;
}

export interface ReplayGain {
  readonly trackGain: number | null;
  readonly trackPeak: number | null;
  readonly albumGain: number | null;
  readonly albumPeak: number | null;
}

/** The artists of one song, in credit order, the main ones first. */
export interface ArtistCredits {
  readonly main: string[];
  readonly featured: string[];
}

/** "(feat. X)" or "[ft. X]" at the end of a title, or " feat. X" without brackets. */
const TITLE_FEATURING = new RegExp(
  String.raw`\s*(?:[([]\s*${FEATURING_WORD}\s+([^)\]]+)[)\]]|\s${FEATURING_WORD}\s+(.+))\s*$`,
  'i',
);
/** Between several featured names: commas, ampersands, "and", "with", "x" is not split. */
const FEATURED_SEPARATOR = /\s*(?:,|&|\band\b|\bwith\b)\s*/i;

function cleanNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const name of names) {
    const trimmed = name.trim().replace(/\s+/g, ' ');
    const key = foldKey(trimmed);
    if (trimmed && !seen.has(key)) {
      seen.add(key);
      kept.push(trimmed);
    }
  }
  return kept;
}

function splitFeatured(text: string): string[] {
  return text
    .replace(/[)\]]\s*$/, '')
    .split(FEATURED_SEPARATOR)
    .map((name) => name.trim());
}

/**
 * Who made a song. Multi-valued artists win over the single artist text: the first is main,
 * unless the text credits the others as featured. Otherwise "A feat. B & C" (or "ft.",
 * "featuring") in the artist text makes A main and B and C featured, and "Title (feat. D)" adds
 * D. A main artist is never also featured. A song without any artist is by `UNKNOWN_ARTIST`.
 */
export function artistCredits(input: {
  readonly artist: string;
  readonly title: string;
  readonly artists?: readonly string[] | undefined;
}): ArtistCredits {
  const featuredInTitle = TITLE_FEATURING.exec(input.title);
  const titleFeatured = featuredInTitle
    ? splitFeatured(featuredInTitle[1] ?? featuredInTitle[2] ?? '')
    : [];
  const [mainText = '', featuredText] = input.artist.split(FEATURING, 2);
  const textFeatured = featuredText === undefined ? [] : splitFeatured(featuredText);

  let main: string[];
  let featured: string[];
  const values = cleanNames(input.artists ?? []);
  if (values.length > 1) {
    const creditedAsFeatured = new Set([...textFeatured, ...titleFeatured].map(foldKey));
    main = values.filter((name, index) => index === 0 || !creditedAsFeatured.has(foldKey(name)));
    featured = [
      ...values.filter((name, index) => index > 0 && creditedAsFeatured.has(foldKey(name))),
      ...textFeatured,
      ...titleFeatured,
    ];
  } else {
    main = [mainText];
    featured = [...textFeatured, ...titleFeatured];
  }
  main = cleanNames(main);
  if (main.length === 0) main = [UNKNOWN_ARTIST];
  const mainKeys = new Set(main.map(foldKey));
  return { main, featured: cleanNames(featured).filter((name) => !mainKeys.has(foldKey(name))) };
}

/** How an artist sorts: the sort tag when there is one, else "The X" as "X, The". */
export function artistSortName(name: string, sortTag?: string): string {
  const tagged = sortTag?.trim();
  if (tagged) return tagged;
  const the = /^the\s+(.+)$/i.exec(name.trim());
  return the?.[1] ? `${the[1]}, The` : name.trim();
}

/** Which album a track belongs to, and the identity that groups it with its other tracks. */
export interface AlbumIdentity {
  readonly groupKey: string;
  readonly title: string;
  readonly musicbrainzReleaseId: string | null;
}

/**
 * Albums group by MusicBrainz release id when the file has one; else by album title and album
 * artist, case and spacing ignored. A song without an album text is a single: an album of one,
 * named after the song, that no other song joins.
 */
export function albumIdentity(input: {
  readonly songId: string;
  readonly songTitle: string;
  readonly album: string | null;
  readonly albumArtist: string;
  readonly musicbrainzReleaseId?: string | undefined;
}): AlbumIdentity {
  const album = input.album?.trim() || null;
  const releaseId = input.musicbrainzReleaseId?.trim().toLowerCase() || null;
  const title = album ?? input.songTitle;
  if (releaseId) return { groupKey: `mb:${releaseId}`, title, musicbrainzReleaseId: releaseId };
  if (album) {
    return {
      groupKey: `t:${foldKey(album)}\u0001${foldKey(input.albumArtist)}`,
      title,
      musicbrainzReleaseId: null,
    };
  }
  return { groupKey: `s:${input.songId}`, title, musicbrainzReleaseId: null };
}
