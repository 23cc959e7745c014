import type { Role } from '@cadenza/contract/auth';
import type { SmartCriteria } from '@cadenza/contract/smart-playlists';
import type { SongRecord } from '../songs/song-record';
import type { CoverChoice } from '../uploads/stored-files';

/** A playlist as the domain sees it, with its owner's name and role and how many songs it holds. */
export interface PlaylistRecord {
  readonly id: string;
  readonly ownerId: string;
  readonly ownerName: string;
  /** An administrator's playlists are the admin area's (docs/product.md §10.2). */
  readonly ownerRole: Role;
  readonly name: string;
  readonly description: string;
  readonly coverKey: string | null;
  readonly isPublic: boolean;
  readonly isDefault: boolean;
  readonly songCount: number;
  /** The seconds of all its songs. */
  readonly duration: number;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
  /**
   * The cover keys of up to four different albums among its first songs, in their order, when
   * it has no cover of its own (empty when it has).
   */
  readonly mosaicKeys: readonly string[];
  /**
   * A smart playlist's rules, sort and limit (its songs, count and seconds are chosen by them on
   * every read, for its owner); null for an ordinary playlist.
   */
  readonly criteria: SmartCriteria | null;
}

/** A playlist whose songs its rules choose. */
export type SmartPlaylistRecord = PlaylistRecord & { readonly criteria: SmartCriteria };

/** One playlist with its songs in their order. */
export interface PlaylistWithSongsRecord extends PlaylistRecord {
  readonly songs: readonly SongRecord[];
}

export interface NewPlaylist {
  readonly id: string;
  readonly ownerId: string;
  readonly name: string;
  readonly description: string;
  /** Taken in the transaction that writes the row (`ImagesRepository.take`). */
  readonly cover: CoverChoice | null;
  readonly isPublic: boolean;
  readonly isDefault: boolean;
  readonly createdAt: string;
  /** Set for a smart playlist, which holds no songs of its own. */
  readonly criteria?: SmartCriteria | null;
}

/** What an edit may change; the song list is changed one song at a time. */
export type PlaylistChanges = Partial<
  Pick<NewPlaylist, 'name' | 'description' | 'cover' | 'isPublic' | 'isDefault' | 'criteria'>
>;
