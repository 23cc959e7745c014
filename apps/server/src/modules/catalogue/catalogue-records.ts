import type { Genre } from '@cadenza/contract/songs';
import type { SongGenreRecord } from '../songs/song-record';

/** An album as the domain sees it, with what its lists show. */
export interface AlbumRecord {
  readonly id: string;
  readonly title: string;
  readonly artistId: string;
  readonly artistName: string;
  readonly year: number | null;
  /** The tag genres of its songs, the one most of them have first (db/song-genres.ts). */
  readonly genres: readonly SongGenreRecord[];
  /** Its own cover, else its first track's; null for none. */
  readonly coverKey: string | null;
  readonly discCount: number;
  readonly songCount: number;
  /** The seconds of all its tracks: their exact length, rounded. */
  readonly duration: number;
  /** The exact length of all its tracks. */
  readonly durationMs: number;
  /** The plays of all its tracks. */
  readonly playCount: number;
  /** ISO-8601 UTC: when its first track was added. */
  readonly createdAt: string;
  /** "2004", "2004-03" or "2004-03-02", as its first track that states one tagged it. */
  readonly releaseDate: string | null;
  readonly originalReleaseDate: string | null;
  readonly recordLabels: readonly string[];
  /** MusicBrainz release types, lower case. */
  readonly releaseTypes: readonly string[];
  readonly isCompilation: boolean;
  /** How the title sorts, as its tracks' tags say; null: as it is. */
  readonly sortTitle: string | null;
  /** The MusicBrainz release id its songs are grouped by, when tagged. */
  readonly musicBrainzId: string | null;
}

/** The title of one disc of an album, from its songs' disc subtitle. */
export interface DiscTitleRecord {
  readonly disc: number;
  readonly title: string;
}

/** An artist as the domain sees it, with what its lists show. */
export interface ArtistRecord {
  readonly id: string;
  readonly name: string;
  readonly sortName: string;
  /** Albums they are the album artist of. */
  readonly albumCount: number;
  /** Songs they are credited on, main or featured. */
  readonly songCount: number;
  /** The cover of their newest album; null when they have none (or it has no cover). */
  readonly imageKey: string | null;
}

/** An artist with how often one listener played songs by them. */
export interface PlayedArtistRecord extends ArtistRecord {
  readonly playCount: number;
}

/** A genre that has songs, and how many. */
export interface GenreSongCountRecord {
  readonly genre: Genre;
  readonly songCount: number;
}
