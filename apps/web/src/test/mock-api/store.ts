import type { Share } from '@cadenza/contract/shares';
import type { Bookmark } from '@cadenza/contract/bookmarks';
import type { StreamingQuality } from '@cadenza/contract/streaming-quality';
import type { Invitation } from '@cadenza/contract/accounts';
import type { ApiKey } from '@cadenza/contract/api-keys';
import type { User } from '@cadenza/contract/auth';
import type { Album, AlbumDetail, Artist } from '@cadenza/contract/catalogue';
import type { ChatAnswer } from '@cadenza/contract/chat';
import type { ErrorCode } from '@cadenza/contract/error-codes';
import type { LibraryStatus } from '@cadenza/contract/library';
import type { SongLyrics } from '@cadenza/contract/lyrics';
import type { PlayQueueStamp } from '@cadenza/contract/play-queue';
import type { PlayerSettings } from '@cadenza/contract/player-settings';
import { MAX_COVER_MOSAIC, type Playlist } from '@cadenza/contract/playlists';
import type { PublicConfig } from '@cadenza/contract/public-config';
import type { SongFileDetails } from '@cadenza/contract/song-form';
import type { Song } from '@cadenza/contract/songs';
import type { ContactMessage, FeedbackEntry } from '@cadenza/contract/support';
import type { TimeZoneSetting } from '@cadenza/contract/listening-stats';
import { DEFAULT_PUBLIC_CONFIG } from '@/api/config/get-public-config';
import { makeUser } from './factories';
import { emptyScrobbling, type FakeScrobbling } from './scrobbling-store';
import { emptyHistory, type FakeHistory } from './history-store';

/** The password every seeded account has unless the test says otherwise. */
export const DEFAULT_PASSWORD = 'secret1';

/** A saved play queue as the server keeps it: song ids, not songs. */
export interface StoredShare {
  share: Share;
  ownerId: string;
  ownerName: string;
  songIds: string[];
}

export interface StoredPlayQueue extends PlayQueueStamp {
  songIds: string[];
  currentSongId: string | null;
  /** The current entry's place; null for the first entry of `currentSongId`. */
  currentIndex: number | null;
  positionMs: number;
}

export interface StoredPlaylist {
  /** The playlist as the API shows it, except what follows `songIds` (count and collage). */
  playlist: Omit<Playlist, 'songCount' | 'coverMosaic'>;
  songIds: string[];
}

/** A key for phone apps as the server keeps it: whose it is, and the key itself. */
export interface StoredApiKey extends ApiKey {
  userId: string;
  key: string;
}

/** Why the server refuses an uploaded file (415 or 413), as it answers it. */
export interface UploadRefusal {
  status: number;
  code: ErrorCode;
  message: string;
}

/** What the administrator sees of an account beyond its public face. */
export interface AccountState {
  disabled: boolean;
  passwordChangeRequired: boolean;
  lastActiveAt: string | null;
  streamingQualityLimit: StreamingQuality;
}

export interface StoredInvitation {
  invitation: Invitation;
  token: string;
}

export interface Play {
  userId: string;
  songId: string;
  playedAt: string;
}

/**
 * What the fake server knows, in the shapes of `packages/contract`. Handlers read and change it,
 * so a call sees what an earlier one did (a like shows in the next profile). Lists keep the
 * order in which the server lists them: songs, playlists, messages and feedback newest first.
 */
/** What an album's page tells beyond the album and its songs (its length is its songs'). */
export type AlbumDetails = Pick<
  AlbumDetail,
  'originalReleaseDate' | 'recordLabels' | 'discTitles' | 'musicBrainzId'
>;

export interface ApiStore {
  users: User[];
  /** user id → password */
  passwords: Map<string, string>;
  /** bearer token → user id */
  sessions: Map<string, string>;
  /** password reset token → user id */
  passwordResets: Map<string, string>;
  /** user id → status; an account without one is active, with its own password. */
  accountStates: Map<string, AccountState>;
  /** Pending invitations, newest first. */
  invitations: StoredInvitation[];
  songs: Song[];
  /** Albums, newest first; an album's tracks are the songs with its id as `albumId`. */
  albums: Album[];
  /** album id → what its page tells beyond the album (its tags' dates, labels, disc titles). */
  albumDetails: Map<string, AlbumDetails>;
  /** Artists, by sort name. */
  artists: Artist[];
  /** song id → its lyrics (a song without an entry has none). */
  lyrics: Map<string, SongLyrics>;
  /** user id → liked song ids, newest first */
  likes: Map<string, string[]>;
  /** user id → saved song ids, newest first */
  saves: Map<string, string[]>;
  /** user id → liked album ids, newest first */
  albumLikes: Map<string, string[]>;
  /** user id → liked artist ids, newest first */
  artistLikes: Map<string, string[]>;
  plays: Play[];
  playlists: StoredPlaylist[];
  /** Keys for phone apps, oldest first. */
  apiKeys: StoredApiKey[];
  /** user id → the playback settings the listener saved. */
  playerSettings: Map<string, PlayerSettings>;
  /** user id → the play queue saved by a browser or an app. */
  playQueues: Map<string, StoredPlayQueue>;
  /** Public links, with their owner and the songs they hold. */
  shares: StoredShare[];
  /** `${userId}/${songId}` → the listener's bookmark in that song. */
  bookmarks: Map<string, Bookmark>;
  /** Links to ListenBrainz and Last.fm, and the Last.fm application. */
  scrobbling: FakeScrobbling;
  /** Listening history imports and the listens they did not match. */
  history: FakeHistory;
  /** user id → the time zone that decides their days (UTC, not chosen, without one). */
  timeZones: Map<string, TimeZoneSetting>;
  contactMessages: ContactMessage[];
  feedback: FeedbackEntry[];
  config: PublicConfig;
  /** Administrators must use two-factor sign-in (a site setting beside the registration). */
  adminSecondFactorRequired: boolean;
  /** The richest stream anyone gets (a site setting). */
  streamingQualityLimit: StreamingQuality;
  /** The assistant's next answers, in order; when none is left it gives a fixed one. */
  chatReplies: ChatAnswer[];
  /** What reading an audio file's tags finds, by file name (nothing for other files). */
  audioTags: Map<string, SongFileDetails>;
  /** Files the library upload refuses, by file name (others are taken as audio). */
  refusedUploads: Map<string, UploadRefusal>;
  /** Contents of the files uploaded to the library → the song each became (duplicates by bytes). */
  libraryContents: Map<string, string>;
  /** The library folders and their running or last scan. */
  libraryScan: LibraryStatus;
  /** Counter behind the ids and tokens the server makes up. */
  sequence: number;
}

/** No MUSIC_DIR: nothing to scan. */
export const UNCONFIGURED_SCAN: LibraryStatus = {
  configured: false,
  folders: [],
  running: false,
  startedAt: null,
  finishedAt: null,
  elapsedMs: 0,
  seen: 0,
  added: 0,
  updated: 0,
  moved: 0,
  removed: 0,
  unchanged: 0,
  errorCount: 0,
  errors: [],
  replacedEdits: [],
  transcoding: { available: false, version: null, formats: [] },
};

function emptyStore(): ApiStore {
  return {
    users: [],
    passwords: new Map(),
    sessions: new Map(),
    passwordResets: new Map(),
    accountStates: new Map(),
    invitations: [],
    songs: [],
    albums: [],
    albumDetails: new Map(),
    artists: [],
    lyrics: new Map(),
    likes: new Map(),
    saves: new Map(),
    albumLikes: new Map(),
    artistLikes: new Map(),
    plays: [],
    playlists: [],
    apiKeys: [],
    playerSettings: new Map(),
    playQueues: new Map(),
    bookmarks: new Map(),
    shares: [],
    scrobbling: emptyScrobbling(),
    history: emptyHistory(),
    timeZones: new Map(),
    contactMessages: [],
    feedback: [],
    config: { ...DEFAULT_PUBLIC_CONFIG },
    adminSecondFactorRequired: false,
    streamingQualityLimit: 'original',
    chatReplies: [],
    audioTags: new Map(),
    refusedUploads: new Map(),
    libraryContents: new Map(),
    libraryScan: UNCONFIGURED_SCAN,
    sequence: 0,
  };
}

/** The one store every handler uses; emptied before each test (see test/setup.ts). */
export const store: ApiStore = emptyStore();

export function resetStore(): void {
  Object.assign(store, emptyStore());
}

/** A fresh id or token: `prefix-1`, `prefix-2`, … */
export function nextId(prefix: string): string {
  store.sequence += 1;
  return `${prefix}-${store.sequence}`;
}

export function findUser(id: string): User | undefined {
  return store.users.find((user) => user._id === id);
}

/** The bearer tokens the server accepts for this user, oldest first. */
export function sessionTokensOf(userId: string): string[] {
  return [...store.sessions].filter(([, owner]) => owner === userId).map(([token]) => token);
}

export function findSong(id: string): Song | undefined {
  return store.songs.find((song) => song._id === id);
}

export function findPlaylist(id: string): StoredPlaylist | undefined {
  return store.playlists.find((entry) => entry.playlist._id === id);
}

/** The playlist as the API answers it in a list. */
export function playlistView({ playlist, songIds }: StoredPlaylist): Playlist {
  const uploaded = !playlist.coverImage.startsWith('/media/defaults/');
  const covers = songsOf(songIds)
    .map((song) => song.coverImage)
    .filter((cover) => !cover.startsWith('/media/defaults/'));
  const coverMosaic = uploaded ? [] : [...new Set(covers)].slice(0, MAX_COVER_MOSAIC);
  return { ...playlist, songCount: songIds.length, coverMosaic };
}

function songsOf(ids: readonly string[]): Song[] {
  return ids.flatMap((id) => findSong(id) ?? []);
}

export function likedSongs(userId: string): Song[] {
  return songsOf(store.likes.get(userId) ?? []);
}

export function savedSongs(userId: string): Song[] {
  return songsOf(store.saves.get(userId) ?? []);
}

/** Adds or removes `songId` at the front of a user's list; answers whether it is there now. */
export function toggleIn(lists: Map<string, string[]>, userId: string, songId: string): boolean {
  const ids = lists.get(userId) ?? [];
  const present = ids.includes(songId);
  lists.set(userId, present ? ids.filter((id) => id !== songId) : [songId, ...ids]);
  return !present;
}

/** Puts test data on the server. Each returns what it stored. */
export const seed = {
  /** An account that can log in with `password`; replaces one with the same id. */
  user(user: User, password = DEFAULT_PASSWORD): User {
    store.users = [user, ...store.users.filter((other) => other._id !== user._id)];
    store.passwords.set(user._id, password);
    return user;
  },

  /** A logged-in session: `token` is accepted as the user's bearer token. */
  session(user: User, token: string): void {
    if (!findUser(user._id)) seed.user(user);
    store.sessions.set(token, user._id);
  },

  /** Songs in the order the server lists them (newest first), before those already there. */
  songs(...songs: Song[]): Song[] {
    const ids = new Set(songs.map((song) => song._id));
    store.songs = [...songs, ...store.songs.filter((song) => !ids.has(song._id))];
    return songs;
  },

  /**
   * Albums, each with its tracks (on the server too; their `albumId` becomes the album's) and,
   * if given, what its page tells beyond it.
   */
  album(album: Album, tracks: readonly Song[] = [], details: Partial<AlbumDetails> = {}): Album {
    const songs = tracks.map((song) => ({ ...song, albumId: album._id, album: album.title }));
    seed.songs(...songs);
    const stored = { ...album, songCount: songs.length || album.songCount };
    store.albums = [stored, ...store.albums.filter((other) => other._id !== album._id)];
    store.albumDetails.set(album._id, {
      originalReleaseDate: null,
      recordLabels: [],
      discTitles: [],
      musicBrainzId: null,
      ...details,
    });
    return stored;
  },

  /** Artists, kept in the order of their sort names. */
  artists(...artists: Artist[]): Artist[] {
    const ids = new Set(artists.map((artist) => artist._id));
    store.artists = [...store.artists.filter((artist) => !ids.has(artist._id)), ...artists].sort(
      (a, b) => a.sortName.localeCompare(b.sortName),
    );
    return artists;
  },

  /** Lyrics of songs, each for its `songId`. */
  lyrics(...lyrics: SongLyrics[]): void {
    for (const entry of lyrics) store.lyrics.set(entry.songId, entry);
  },

  /** A playlist holding `songs` (which are added to the library when missing). */
  playlist(playlist: Playlist, songs: readonly Song[] = []): Playlist {
    for (const song of songs) if (!findSong(song._id)) store.songs.push(song);
    const { songCount: _count, coverMosaic: _mosaic, ...rest } = playlist;
    const stored = { playlist: rest, songIds: songs.map((song) => song._id) };
    store.playlists = [
      stored,
      ...store.playlists.filter((entry) => entry.playlist._id !== playlist._id),
    ];
    return playlistView(stored);
  },

  /** The user likes these songs; the first is the most recent like. */
  likes(user: User, songs: readonly Song[]): void {
    store.likes.set(
      user._id,
      songs.map((song) => song._id),
    );
  },

  /** The user likes these albums (on the server too); the first is the most recent like. */
  albumLikes(user: User, albums: readonly Album[]): void {
    for (const album of [...albums].reverse()) seed.album(album);
    store.albumLikes.set(
      user._id,
      albums.map((album) => album._id),
    );
  },

  /** The user likes these artists (on the server too); the first is the most recent like. */
  artistLikes(user: User, artists: readonly Artist[]): void {
    seed.artists(...artists);
    store.artistLikes.set(
      user._id,
      artists.map((artist) => artist._id),
    );
  },

  /** The user saved these songs to their library; the first is the most recent. */
  saves(user: User, songs: readonly Song[]): void {
    store.saves.set(
      user._id,
      songs.map((song) => song._id),
    );
  },

  /** The user played these songs, the first most recently (a minute apart). */
  plays(user: User, songs: readonly Song[]): void {
    const start = Date.parse('2025-06-01T12:00:00.000Z');
    songs.forEach((song, index) => {
      store.plays.push({
        userId: user._id,
        songId: song._id,
        playedAt: new Date(start - index * 60_000).toISOString(),
      });
    });
  },

  /**
   * A listener's library in one go: the songs on the server, and what `user` (Ada unless said
   * otherwise) liked, saved and played, and the playlists (with their `songs` when given).
   */
  library(
    {
      songs = [],
      liked = [],
      saved = [],
      recent = [],
      playlists = [],
    }: {
      songs?: Song[];
      liked?: Song[];
      saved?: Song[];
      recent?: Song[];
      playlists?: (Playlist & { songs?: Song[] })[];
    },
    user: User = makeUser(),
  ): void {
    seed.songs(...songs);
    seed.likes(user, liked);
    seed.saves(user, saved);
    seed.plays(user, recent);
    for (const { songs: inPlaylist, ...playlist } of [...playlists].reverse()) {
      seed.playlist(playlist, inPlaylist);
    }
  },

  /** Keys the user made for their apps, oldest first (the keys themselves are made up). */
  apiKeys(user: User, ...keys: ApiKey[]): void {
    for (const key of keys) {
      store.apiKeys.push({ ...key, userId: user._id, key: `cdz_${key.id}` });
    }
  },

  contactMessages(...messages: ContactMessage[]): void {
    store.contactMessages.unshift(...messages);
  },

  feedback(...entries: FeedbackEntry[]): void {
    store.feedback.unshift(...entries);
  },

  /** An account's status (disabled, temporary password, last activity). */
  accountState(user: User, state: Partial<AccountState>): void {
    store.accountStates.set(user._id, { ...accountStateOf(user._id), ...state });
  },

  /** A pending invitation whose link carries `token`. */
  invitation(invitation: Invitation, token: string): void {
    store.invitations.unshift({ invitation, token });
  },

  /** What the server's configuration says (seeding users, support contacts, early access). */
  config(overrides: Partial<PublicConfig>): void {
    store.config = { ...store.config, ...overrides };
  },

  /** The assistant's next answers, in order. */
  chatReplies(...answers: ChatAnswer[]): void {
    store.chatReplies.push(...answers);
  },

  /** The library upload refuses the file called `fileName`, with this answer. */
  refusedUpload(fileName: string, refusal: UploadRefusal): void {
    store.refusedUploads.set(fileName, refusal);
  },

  /** The library folders and the state of their scan. */
  libraryScan(status: Partial<LibraryStatus>): LibraryStatus {
    store.libraryScan = { ...store.libraryScan, ...status };
    return store.libraryScan;
  },

  /** What the tags of an uploaded audio file called `fileName` say. */
  audioTags(fileName: string, details: SongFileDetails): void {
    store.audioTags.set(fileName, details);
  },
};

/** An account's status as the server keeps it. */
export function accountStateOf(userId: string): AccountState {
  return (
    store.accountStates.get(userId) ?? {
      disabled: false,
      passwordChangeRequired: false,
      lastActiveAt: null,
      streamingQualityLimit: 'original',
    }
  );
}
