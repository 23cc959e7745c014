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
  /** Set while an administrator has the account disabled. */
  disabled_at: Timestamp | null;
  /** 1 while the password is a temporary one an administrator set. */
  must_change_password: Generated<number>;
  /** The last use of the web API or an app key, to the minute. */
  last_active_at: Timestamp | null;
  /** The richest stream the account may have (a streaming quality); null for no limit of its own. */
  streaming_quality_limit: string | null;
  /** The IANA zone that decides the days of the listener's statistics; null for UTC. */
  time_zone: string | null;
}

/** A setting the administrator changes while the server runs; its value as JSON text. */
export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** A sign-up link: its token kept as a SHA-256, used once. */
export interface InvitationsTable {
  id: string;
  token_hash: string;
  email: string | null;
  role: 'user' | 'admin';
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  used_by: string | null;
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
  created_at: Timestamp;
  album_id: string | null;
  track_number: number | null;
  disc_number: number | null;
  album_artist: string | null;
  codec: string | null;
  container: string | null;
  bit_rate: number | null;
  sample_rate: number | null;
  channels: number | null;
  duration_ms: number | null;
  sha256: string | null;
  replaygain_track_gain: number | null;
  replaygain_track_peak: number | null;
  replaygain_album_gain: number | null;
  replaygain_album_peak: number | null;
  /** The genre as the file's tags wrote it; `genre` is one of the seven it maps to. */
  genre_text: string | null;
  bpm: number | null;
  /** The MusicBrainz recording id of the file's tags. */
  musicbrainz_id: string | null;
  comment: string | null;
  disc_subtitle: string | null;
  /** JSON array of the fields an administrator set by hand; null when none. */
  edited_fields: string | null;
  /** 1 once its file was read for lyrics (rows older than lyrics were not). */
  lyrics_read: Generated<number>;
  /** JSON `ReleaseFacts` its file's tags gave (domain/album-facts.ts); null until a file is read. */
  release_facts: string | null;
  /** The `TAG_READER_VERSION` that read its file last; 0 for songs read before versions. */
  tags_read_version: Generated<number>;
  /** How the title sorts (the file's TITLESORT); null: as it is. */
  sort_title: string | null;
}

/** A genre as files tag it, shown as first written, matched by `name_key` (folded). */
export interface GenresTable {
  id: string;
  name: string;
  name_key: string;
}

export interface SongGenresTable {
  song_id: string;
  genre_id: string;
  position: number;
}

/** A song's lyrics: LRC or plain text, from its tags, a `.lrc` beside its file, or an edit. */
export interface SongLyricsTable {
  song_id: string;
  position: number;
  source: 'embedded' | 'sidecar' | 'edited';
  language: string | null;
  text: string;
}

export interface ArtistsTable {
  id: string;
  name: string;
  /** The name folded (case, spacing): two spellings of one artist are one row. */
  name_key: string;
  sort_name: string;
  /** The sort name folded: what the alphabetical list orders by. */
  sort_key: string;
  musicbrainz_id: string | null;
  created_at: Timestamp;
}

export interface AlbumsTable {
  id: string;
  /** What groups tracks into this album (see domain/grouping.ts). */
  group_key: string;
  title: string;
  title_key: string;
  album_artist_id: string;
  year: number | null;
  musicbrainz_release_id: string | null;
  cover_key: string | null;
  disc_count: Generated<number>;
  created_at: Timestamp;
  /** "2004", "2004-03" or "2004-03-02". */
  release_date: string | null;
  original_date: string | null;
  /** JSON array of record labels. */
  record_labels: string | null;
  /** JSON array of MusicBrainz release types, lower case. */
  release_types: string | null;
  is_compilation: Generated<number>;
  /** JSON array of the fields an administrator set by hand; null when none. */
  edited_fields: string | null;
  /** How the title sorts (the files' ALBUMSORT); null: as it is. */
  sort_title: string | null;
}

export interface SongArtistsTable {
  song_id: string;
  artist_id: string;
  role: 'main' | 'featured';
  position: number;
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

/**
 * A listener's plays counted per period (`all`, `y2026`, `m2026-11`), kind and item: kept with
 * each play for their statistics (domain/listening-totals.ts).
 */
export interface ListeningTotalsTable {
  user_id: string;
  period: string;
  kind: string;
  item: string;
  plays: number;
  seconds: number;
  /** All time's songs, albums, artists and genres: the day first played. */
  first_day: string | null;
}

/** How many items of a kind a listener's period holds in `listening_totals`, kept beside it. */
export interface ListeningItemCountsTable {
  user_id: string;
  period: string;
  kind: string;
  items: number;
}

/** How often a song was played, by every listener together; a song never played has no row. */
export interface SongPlayTotalsTable {
  song_id: string;
  play_count: number;
}

/** A listener's last play of a song: what Recently Played lists, newest first. */
export interface LastPlaysTable {
  user_id: string;
  song_id: string;
  played_at: Timestamp;
  play_id: ColumnType<number | string, number, number>;
  /** How many times the listener played the song in all. */
  play_count: Generated<number>;
}

/** How often a listener played songs whose main artists include an artist, and when last. */
export interface ArtistPlaysTable {
  user_id: string;
  artist_id: string;
  play_count: number;
  last_played_at: Timestamp;
}

/** A listening history file a listener sent, and how far its processing got. */
export interface ListeningImportsTable {
  id: string;
  user_id: string;
  source: 'spotify' | 'listenbrainz' | 'lastfm';
  status: 'running' | 'done' | 'failed';
  total: number;
  processed: Generated<number>;
  matched: Generated<number>;
  unmatched: Generated<number>;
  duplicates: Generated<number>;
  skipped: Generated<number>;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** A listen of an import still to process, in file order. */
export interface ListeningImportListensTable {
  import_id: string;
  position: number;
  /** ISO-8601, as the file said. */
  played_at: string;
  artist: string;
  title: string;
  album: string | null;
}

/** A listen brought along once: the listener's time and normalised artist and title. */
export interface ListeningImportKeysTable {
  user_id: string;
  listen_key: string;
}

/** A brought-along listen no song matched, for the listener to match by hand or dismiss. */
export interface UnmatchedListensTable {
  id: string;
  user_id: string;
  source: 'spotify' | 'listenbrainz' | 'lastfm';
  played_at: Timestamp;
  artist: string;
  title: string;
  album: string | null;
}

/** A song's normalised artist and title, as brought-along listens are matched by. */
export interface SongMatchKeysTable {
  song_id: string;
  match_key: string;
  album_key: string;
  /** The song's texts the keys were made from: a song whose texts changed is keyed again. */
  fingerprint: string;
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
  /** How many songs it holds, kept by every change to them (never counted on a read). */
  song_count: Generated<number>;
  /** The seconds of its songs, kept like `song_count`. */
  duration: Generated<number>;
  /**
   * A smart playlist's rules, sort and limit as JSON (`SmartCriteria`); null for an ordinary
   * playlist. A smart one keeps no songs: they are chosen on every read, and its `song_count`
   * and `duration` stay 0.
   */
  rules: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * Counts the stats show, kept by the writes that change them: `users`, and `songs:<genre>`.
 * PostgreSQL hands a bigint back as a string.
 */
export interface CountersTable {
  name: string;
  value: ColumnType<number | string, number, number>;
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

/** An audio file of a folder scanned in place (MUSIC_DIR), and the song made of it. */
export interface LibraryFilesTable {
  /** Names the file in the object store: `audio/library/<id>`. */
  id: string;
  /** The folder as MUSIC_DIR names it, absolute. */
  folder: string;
  /** The file's path inside `folder`, names separated by `/`. */
  path: string;
  /** The directory part of `path` ('' for the folder itself). */
  dir: string;
  bytes: ColumnType<number | string, number, number>;
  /** The modification time in whole milliseconds. */
  mtime_ms: ColumnType<number | string, number, number>;
  sha256: string;
  /** Null once an administrator deleted the song: the file stays, the song does not return. */
  song_id: string | null;
  /** The last scan that found the file. */
  seen_scan: string;
  /**
   * `<device>:<inode>` of the file the scan read; null for a row scanned before it was recorded
   * (checked on size and modification time until the next scan records it).
   */
  identity: string | null;
  /** `<bytes>:<mtime ms>` of the `.lrc` beside the file; null when there is none. */
  lyrics_file: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A signed-in session (its token's `jti`) and the device it came from. */
export interface AccountSessionsTable {
  id: string;
  user_id: string;
  user_agent: string;
  address: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** When the password was last proved in this session (sign-in or re-authentication). */
  authenticated_at: Timestamp;
  expires_at: Timestamp;
}

/** A requested change of e-mail address, waiting for its confirmation link. */
export interface EmailChangesTable {
  token_hash: string;
  user_id: string;
  new_email: string;
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

/** A key a listener made for an app: kept as an HMAC (lookup) and a cipher text (token sign-in). */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  key_hash: string;
  key_cipher: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** An account's TOTP secret; `enabled_at` null while enrolment awaits its first code. */
export interface SecondFactorsTable {
  user_id: string;
  /** AES-256-GCM under a key derived from the server's secret. */
  secret_cipher: string;
  /** The last 30-second step a code was accepted for (PostgreSQL: bigint as text). */
  last_step: ColumnType<number | string, number | undefined, number>;
  created_at: Timestamp;
  enabled_at: Timestamp | null;
}

/** A single-use recovery code of a second factor, as its SHA-256. */
export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
}

/** An account's subject at an OpenID Connect issuer. */
export interface ExternalIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: Timestamp;
}

/** An album or artist a listener starred. */
export interface CatalogueStarsTable {
  user_id: string;
  kind: 'album' | 'artist';
  item_id: string;
  created_at: Timestamp;
}

/** A listener's rating (1–5) of a song, album or artist. */
export interface RatingsTable {
  user_id: string;
  kind: 'song' | 'album' | 'artist';
  item_id: string;
  rating: number;
}

/** The play queue an app saved for a listener. */
export interface PlayQueuesTable {
  user_id: string;
  /** A JSON array of song ids, in queue order. */
  song_ids: string;
  current_song_id: string | null;
  position_ms: ColumnType<number | string, number, number>;
  changed_at: Timestamp;
  /** The app that saved it (its `c` parameter). */
  changed_by: string;
  /** The current entry's place in `song_ids`; null in queues saved before places were kept. */
  current_index: number | null;
}

/** A public link to songs, an album or a playlist, for visitors without an account. */
export interface SharesTable {
  /** The link's secret: 128 random bits, base64url. */
  id: string;
  user_id: string;
  kind: 'songs' | 'album' | 'playlist';
  /** A JSON array: the songs in order, or the one album's or playlist's id. */
  item_ids: string;
  description: string | null;
  expires_at: Timestamp | null;
  allow_download: Flag;
  view_count: ColumnType<number, number, number>;
  play_count: ColumnType<number, number, number>;
  last_viewed_at: Timestamp | null;
  created_at: Timestamp;
}

/** A short message a listener left for the others (Subsonic's chat). */
export interface ListenerChatMessagesTable {
  id: string;
  user_id: string;
  message: string;
  created_at: Timestamp;
}

/** A podcast feed an administrator subscribed to. */
export interface PodcastChannelsTable {
  id: string;
  feed_url: string;
  title: string;
  description: string;
  image_url: string | null;
  homepage_url: string | null;
  /** The feed's picture, copied into the store (`images/…`); null until one could be read. */
  cover_key: string | null;
  /** How many of the newest episodes are downloaded by themselves (0: on demand only). */
  auto_download: ColumnType<number, number | undefined, number>;
  /** Why the last refresh failed; null when it worked. */
  error_message: string | null;
  refreshed_at: Timestamp | null;
  created_at: Timestamp;
}

export type PodcastEpisodeStatus = 'new' | 'downloading' | 'completed' | 'error' | 'deleted';

/** An episode a feed lists, and its file once downloaded (`audio/podcasts/…`). */
export interface PodcastEpisodesTable {
  id: string;
  channel_id: string;
  guid: string;
  title: string;
  description: string;
  published_at: Timestamp | null;
  duration_seconds: number | null;
  enclosure_url: string;
  enclosure_type: string | null;
  enclosure_bytes: ColumnType<number | string | null, number | null, number | null>;
  status: PodcastEpisodeStatus;
  audio_key: string | null;
  audio_mime: string | null;
  audio_bytes: ColumnType<number | string | null, number | null, number | null>;
  error_message: string | null;
  /** When the download under way began: one left by a stopped node is found by its age. */
  download_started_at: Timestamp | null;
  /** 1 when the podcast's automatic downloads fetched the file: those alone are deleted again. */
  auto_downloaded: Generated<number>;
  created_at: Timestamp;
}

/** Where a listener is in an episode. */
export interface PodcastProgressTable {
  user_id: string;
  episode_id: string;
  position_seconds: number;
  updated_at: Timestamp;
}

/** A live stream an administrator lists for every listener. */
export interface InternetRadioStationsTable {
  id: string;
  name: string;
  stream_url: string;
  homepage_url: string | null;
  created_at: Timestamp;
}

/** Where a listener stopped in a song, to resume there: one per listener and song. */
export interface BookmarksTable {
  user_id: string;
  song_id: string;
  position_ms: ColumnType<number | string, number, number>;
  comment: string | null;
  created_at: Timestamp;
  changed_at: Timestamp;
}

/** A listener's playback settings (crossfade, ReplayGain, equaliser, volume). */
export interface PlayerSettingsTable {
  user_id: string;
  /** A JSON document of the contract's PlayerSettings. */
  settings: string;
  updated_at: Timestamp;
}

/** Login attempts in the current window of one limit and key (see rate-limits.ts). */
export interface LoginAttemptsTable {
  /** The limit's name and what it counts, e.g. `login-account:ann@example.com from 192.0.2.1`. */
  key: string;
  count: number;
  /** When the window ends, in epoch milliseconds. */
  window_ends_at: number;
}

/** A listener's link to ListenBrainz or Last.fm (see modules/scrobbling). */
export interface ScrobbleLinksTable {
  user_id: string;
  /** `listenbrainz` or `lastfm`. */
  service: string;
  /** `connected`, `pending` (Last.fm: waiting for the listener's approval) or `reconnect`. */
  state: string;
  user_name: string | null;
  /** The ListenBrainz token, the Last.fm session key, or (pending) the Last.fm request token. */
  credential: string;
  updated_at: Timestamp;
}

/** A listen still to send to one service; deleted once the service took it. */
export interface ScrobbleQueueTable {
  id: string;
  user_id: string;
  service: string;
  artist: string;
  track: string;
  album: string | null;
  duration_seconds: number;
  /** When the listen started, in epoch milliseconds. */
  listened_at: ColumnType<number | string, number, number>;
  attempts: ColumnType<number, number | undefined, number>;
  /** Epoch milliseconds. */
  next_attempt_at: ColumnType<number | string, number, number>;
  /** Until when a node sending it holds it (epoch milliseconds); null when nobody does. */
  claimed_until: ColumnType<number | string | null, number | null | undefined, number | null>;
  claim: string | null;
}

export interface Database {
  users: UsersTable;
  revoked_tokens: RevokedTokensTable;
  songs: SongsTable;
  likes: UserSongTable;
  saves: UserSongTable;
  plays: PlaysTable;
  song_play_totals: SongPlayTotalsTable;
  artist_plays: ArtistPlaysTable;
  last_plays: LastPlaysTable;
  listening_totals: ListeningTotalsTable;
  listening_item_counts: ListeningItemCountsTable;
  listening_imports: ListeningImportsTable;
  listening_import_listens: ListeningImportListensTable;
  listening_import_keys: ListeningImportKeysTable;
  unmatched_listens: UnmatchedListensTable;
  song_match_keys: SongMatchKeysTable;
  playlists: PlaylistsTable;
  playlist_songs: PlaylistSongsTable;
  counters: CountersTable;
  artists: ArtistsTable;
  albums: AlbumsTable;
  song_artists: SongArtistsTable;
  genres: GenresTable;
  song_genres: SongGenresTable;
  song_lyrics: SongLyricsTable;
  images: ImagesTable;
  library_files: LibraryFilesTable;
  password_resets: PasswordResetsTable;
  contact_messages: ContactMessagesTable;
  feedback: FeedbackTable;
  api_keys: ApiKeysTable;
  catalogue_stars: CatalogueStarsTable;
  ratings: RatingsTable;
  play_queues: PlayQueuesTable;
  bookmarks: BookmarksTable;
  shares: SharesTable;
  internet_radio_stations: InternetRadioStationsTable;
  podcast_channels: PodcastChannelsTable;
  podcast_episodes: PodcastEpisodesTable;
  podcast_progress: PodcastProgressTable;
  listener_chat_messages: ListenerChatMessagesTable;
  player_settings: PlayerSettingsTable;
  login_attempts: LoginAttemptsTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  external_identities: ExternalIdentitiesTable;
  account_sessions: AccountSessionsTable;
  email_changes: EmailChangesTable;
  site_settings: SiteSettingsTable;
  invitations: InvitationsTable;
  scrobble_links: ScrobbleLinksTable;
  scrobble_queue: ScrobbleQueueTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SongRow = Selectable<SongsTable>;
export type PlaylistRow = Selectable<PlaylistsTable>;
export type ArtistRow = Selectable<ArtistsTable>;
export type AlbumRow = Selectable<AlbumsTable>;

export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}
