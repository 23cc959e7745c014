import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Timestamps are written as ISO-8601 UTC strings on both dialects; PostgreSQL stores them as
 * timestamptz and hands back Date objects, SQLite keeps the text. Repositories read them
 * through `toIso`.
 */
export type Timestamp = ColumnType<Date | string, string, string>;
/** SQLite has no boolean type: flags are 0/1 integers on both dialects. */
export type Flag = ColumnType<number, number, number>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: 'user' | 'admin';
  profile_image: string | null;
  token_version: Generated<number>;
  created_at: Timestamp;
}

export interface RevokedTokensTable {
  jti: string;
  expires_at: Timestamp;
}

export interface SongsTable {
  id: string;
  title: string;
  artist: string;
  album: string | null;
  genre: string;
  release_year: number | null;
  duration: number;
  cover_key: string | null;
  audio_key: string;
  audio_mime: string;
  audio_bytes: number;
  play_count: Generated<number>;
  created_at: Timestamp;
}

export interface UserSongTable {
  user_id: string;
  song_id: string;
  created_at: Timestamp;
}

export interface PlaysTable {
  id: Generated<number>;
  user_id: string;
  song_id: string;
  played_at: Timestamp;
}

export interface PlaylistsTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  cover_key: string | null;
  is_public: Flag;
  is_default: Flag;
  created_at: Timestamp;
}

export interface PlaylistSongsTable {
  playlist_id: string;
  song_id: string;
  position: number;
  added_at: Timestamp;
}

/** A stored cover image and how many song and playlist rows use it. */
export interface ImagesTable {
  key: string;
  /** Null only for a cover stored before this table under a name that is not its hash. */
  sha256: string | null;
  mime: string;
  /** Null only for a cover stored before this table (its size was never recorded). */
  bytes: number | null;
  ref_count: number;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  issue_type: string;
  created_at: Timestamp;
}

export interface FeedbackTable {
  id: string;
  rating: number;
  usability: string;
  liked: string | null;
  improvements: string | null;
  recommend: string;
  additional_feedback: string | null;
  user_name: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  revoked_tokens: RevokedTokensTable;
  songs: SongsTable;
  likes: UserSongTable;
  saves: UserSongTable;
  plays: PlaysTable;
  playlists: PlaylistsTable;
  playlist_songs: PlaylistSongsTable;
  images: ImagesTable;
  password_resets: PasswordResetsTable;
  contact_messages: ContactMessagesTable;
  feedback: FeedbackTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SongRow = Selectable<SongsTable>;
export type PlaylistRow = Selectable<PlaylistsTable>;

export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}
