import type { Genre } from '@cadenza/contract/songs';

/** An album as the domain sees it, with what its lists show. */
export interface AlbumRecord {
  readonly id: string;
  readonly title: string;
  readonly artistId: string;
  readonly artistName: string;
  readonly year: number | null;
  /** Its own cover, else its first track's; null for none. */
  readonly coverKey: string | null;
  readonly discCount: number;
  readonly songCount: number;
  /** The seconds of all its tracks. */
  readonly duration: number;
  /** The plays of all its tracks. */
  readonly playCount: number;
  /** ISO-8601 UTC: when its first track was added. */
  readonly createdAt: string;
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

/** A genre's songs and albums, as the Subsonic API lists them. */
export interface GenreCountRecord extends GenreSongCountRecord {
  /** Albums with at least one song of the genre. */
  readonly albumCount: number;
}
