// What a generated library holds, row by row, before any database sees it. Everything follows
// from the seed and the number of songs: the same arguments give the same library.
//
// The catalogue (artists, albums, the artists of each song) is what the server's placing of an
// uploaded song (CatalogueLinksRepository.place) would have made of these songs: the grouping
// rules are the server's own (domain/grouping.ts), applied here in memory so that a million
// songs need not be placed one query at a time. Plays, likes and playlists are what listeners
// would have left behind: each after the song and the listener existed.
import type { Insertable } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../apps/server/src/db/schema';
import {
  albumIdentity,
  artistCredits,
  artistSortName,
  foldKey,
} from '../../apps/server/src/domain/grouping';
import { genreFromTag } from '../../apps/server/src/domain/genre-from-tag';
import { genreKey } from '../../apps/server/src/domain/tag-genres';
import {
  FIRST_NAMES,
  LAST_NAMES,
  WORDS,
  albumTitle,
  artistName,
  capitalise,
  playlistName,
  songTitle,
} from './library-names';
import { drawing, seededRandom, streamSeed, type Drawing } from './seeded-random';

/** How many rows of each kind a library of `songs` songs has. */
export interface LibraryCounts {
  readonly songs: number;
  readonly artists: number;
  readonly albums: number;
  readonly users: number;
  readonly likes: number;
  readonly playlists: number;
  readonly plays: number;
}

/** A library of a million songs; smaller and larger ones keep these proportions. */
const PER_MILLION_SONGS = {
  artists: 20_000,
  albums: 80_000,
  users: 10_000,
  likes: 200_000,
  playlists: 100_000,
  plays: 2_000_000,
};
/** A playlist holds 5–35 songs, 20 on average. */
const PLAYLIST_LENGTH = { min: 5, max: 35 };
/** Songs of a featured artist besides the main one ("A feat. B"). */
const FEATURED_SHARE = 0.05;
/** Albums of more tracks than this come on two discs. */
const ONE_DISC_TRACKS = 16;

export function libraryCounts(songs: number): LibraryCounts {
  const scaled = (perMillion: number) => Math.max(1, Math.round((perMillion * songs) / 1e6));
  return {
    songs,
    artists: scaled(PER_MILLION_SONGS.artists),
    albums: Math.min(songs, scaled(PER_MILLION_SONGS.albums)),
    users: scaled(PER_MILLION_SONGS.users),
    likes: scaled(PER_MILLION_SONGS.likes),
    playlists: scaled(PER_MILLION_SONGS.playlists),
    plays: scaled(PER_MILLION_SONGS.plays),
  };
}

/** The library grew from its first upload to its last; listeners came and went meanwhile. */
export const LIBRARY_START = Date.UTC(2019, 0, 1);
export const LIBRARY_END = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

/** The password of every generated account (one hash, computed once). */
export const LIBRARY_PASSWORD = 'generated-library-password';
/** The first account is an administrator; every playlist of theirs is a default one. */
export const LIBRARY_ADMIN_EMAIL = 'admin@example.com';

/** Genre tags as files write them, how often each comes, and the genre the server maps it to. */
const GENRE_TAGS: readonly (readonly [string, number])[] = [
  ['Pop', 18],
  ['Indie Pop', 4],
  ['Synthpop', 2],
  ['Rock', 12],
  ['Alternative Rock', 5],
  ['Metal', 3],
  ['Punk', 2],
  ['Hip-Hop', 8],
  ['Rap', 5],
  ['Trap', 2],
  ['Electronic', 6],
  ['House', 4],
  ['Techno', 3],
  ['Ambient', 2],
  ['Jazz', 5],
  ['Smooth Jazz', 2],
  ['Classical', 5],
  ['Baroque', 2],
  ['Folk', 3],
  ['Reggae', 2],
  ['Country', 2],
  ['Soundtrack', 2],
];

interface ArtistPlan {
  readonly id: string;
  readonly name: string;
  /** Whether "X feat. name" credits exactly this name (no "&", "and", "with" or commas in it). */
  readonly featurable: boolean;
  createdAt: number;
}

interface AlbumPlan {
  readonly id: string;
  readonly artist: number;
  /** Null for a single: the song's title names the album of one. */
  readonly title: string | null;
  readonly singleTitle: string;
  readonly year: number | null;
  readonly genreTag: string;
  readonly firstSong: number;
  readonly tracks: number;
  readonly createdAt: number;
}

interface UserPlan {
  readonly id: string;
  readonly createdAt: number;
}

/** The whole library, drawn once; rows are made from it as they are inserted. */
export interface LibraryPlan {
  readonly seed: number;
  readonly counts: LibraryCounts;
  readonly artists: readonly ArtistPlan[];
  readonly albums: readonly AlbumPlan[];
  readonly users: readonly UserPlan[];
  readonly songIds: readonly string[];
  readonly songCreatedAt: Float64Array;
  /** The featured artist of each song, or -1. */
  readonly songFeatured: Int32Array;
  readonly songPlays: Uint32Array;
  readonly plays: { user: Uint32Array; song: Uint32Array; at: Float64Array };
}

const iso = (ms: number) => new Date(ms).toISOString();
const streamOf = (seed: number, name: string, index = 0) =>
  drawing(seededRandom(streamSeed(seed, name, index)));

/** A UUIDv7 of this millisecond, as `newId()` would have made at that time, but repeatable. */
function idAt(ms: number, draw: Drawing): string {
  const random = new Uint8Array(16);
  for (let at = 0; at < 16; at += 1) random[at] = Math.floor(draw.random() * 256);
  return uuidv7({ msecs: Math.floor(ms), random });
}

/** `count` times in [from, to), in increasing order. */
function sortedTimes(draw: Drawing, count: number, from: number, to: number): Float64Array {
  const times = new Float64Array(count);
  for (let index = 0; index < count; index += 1) times[index] = from + draw.random() * (to - from);
  return times.sort();
}

/** How many of `times` (increasing) are at or before `at`. */
function countUpTo(times: Float64Array, at: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[middle]! <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Which of the first `available` songs a listener picks: often one of the newest, often one of
 * the hits (every 37th song), otherwise any.
 */
function pickSong(draw: Drawing, available: number): number {
  const kind = draw.random();
  if (kind < 0.3) return available - 1 - Math.floor(available * draw.random() ** 3);
  if (kind < 0.6) {
    const hits = Math.ceil(available / 37);
    return Math.min(available - 1, 37 * Math.floor(draw.random() * hits));
  }
  return Math.floor(draw.random() * available);
}

function planArtists(seed: number, count: number): ArtistPlan[] {
  const draw = streamOf(seed, 'artists');
  const taken = new Set<string>();
  const artists: ArtistPlan[] = [];
  while (artists.length < count) {
    for (let attempt = 0; ; attempt += 1) {
      const name = artistName(draw, attempt);
      const key = foldKey(name);
      // A name the server would read as several artists is drawn again.
      const credits = artistCredits({ artist: name, title: '' });
      if (taken.has(key) || credits.main.length !== 1 || credits.main[0] !== name) continue;
      const asFeatured = artistCredits({ artist: `Someone feat. ${name}`, title: '' });
      taken.add(key);
      artists.push({
        id: '',
        name,
        featurable: asFeatured.featured.length === 1 && asFeatured.featured[0] === name,
        createdAt: Infinity,
      });
      break;
    }
  }
  return artists;
}

/** Tracks per album: a few singles and EPs, mostly albums of 8–16 tracks. */
function albumSizes(draw: Drawing, albums: number, songs: number): Uint32Array {
  const weights = Array.from({ length: albums }, () => {
    const kind = draw.random();
    return kind < 0.15 ? 0 : kind < 0.3 ? draw.int(2, 5) : draw.int(7, 15);
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const extra = songs - albums;
  const sizes = new Uint32Array(albums);
  let cumulative = 0;
  let given = 0;
  for (let index = 0; index < albums; index += 1) {
    cumulative += weights[index]!;
    const upTo =
      total === 0
        ? Math.round((extra * (index + 1)) / albums)
        : Math.round((extra * cumulative) / total);
    sizes[index] = 1 + upTo - given;
    given = upTo;
  }
  return sizes;
}

/** `plays` replaces the proportional number of plays (a listening benchmark wants more). */
export function planLibrary(songs: number, seed: number, plays?: number): LibraryPlan {
  const counts = { ...libraryCounts(songs), ...(plays === undefined ? {} : { plays }) };
  const artists = planArtists(seed, counts.artists);

  // Every artist has an album; the prolific ones have many. Albums come in upload order.
  const draw = streamOf(seed, 'albums');
  const albumArtists = Array.from({ length: counts.albums }, (_, index) =>
    index < counts.artists ? index : Math.floor(counts.artists * draw.random() ** 2),
  );
  for (let index = albumArtists.length - 1; index > 0; index -= 1) {
    const other = Math.floor(draw.random() * (index + 1));
    [albumArtists[index], albumArtists[other]] = [albumArtists[other]!, albumArtists[index]!];
  }
  const sizes = albumSizes(draw, counts.albums, songs);
  const uploads = sortedTimes(draw, counts.albums, LIBRARY_START, LIBRARY_END - DAY);
  uploads[0] = LIBRARY_START;
  const featurable = artists.flatMap((artist, index) => (artist.featurable ? [index] : []));

  const songIds: string[] = new Array<string>(songs);
  const songCreatedAt = new Float64Array(songs);
  const songFeatured = new Int32Array(songs).fill(-1);
  const albumTitles = new Set<string>();
  const albums: AlbumPlan[] = [];
  let song = 0;
  let lastSongAt = -Infinity;
  for (let index = 0; index < counts.albums; index += 1) {
    const albumDraw = streamOf(seed, 'album', index);
    const artist = albumArtists[index]!;
    const tracks = sizes[index]!;
    // A track every few seconds of the upload; never before the previous upload's last track.
    const firstSong = song;
    for (let track = 0; track < tracks; track += 1, song += 1) {
      const at = track === 0 ? uploads[index]! : lastSongAt + albumDraw.int(800, 4000);
      lastSongAt = Math.max(lastSongAt + 1, at);
      songCreatedAt[song] = lastSongAt;
      songIds[song] = idAt(lastSongAt, albumDraw);
      if (featurable.length > 1 && albumDraw.chance(FEATURED_SHARE)) {
        const slot = Math.floor(albumDraw.random() * featurable.length);
        const guest =
          featurable[featurable[slot] === artist ? (slot + 1) % featurable.length : slot]!;
        songFeatured[song] = guest;
        artists[guest]!.createdAt = Math.min(artists[guest]!.createdAt, lastSongAt);
      }
    }
    const createdAt = songCreatedAt[firstSong]!;
    artists[artist]!.createdAt = Math.min(artists[artist]!.createdAt, createdAt);
    let title: string | null = null;
    if (tracks > 1 || albumDraw.chance(0.4)) {
      // An artist's albums have different titles, or the server would make them one.
      for (
        let attempt = 0;
        title === null || albumTitles.has(`${artist}\u0001${foldKey(title)}`);
      ) {
        attempt += 1;
        title = attempt > 5 ? `${albumTitle(albumDraw)} ${attempt}` : albumTitle(albumDraw);
      }
      albumTitles.add(`${artist}\u0001${foldKey(title)}`);
    }
    albums.push({
      id: idAt(createdAt, albumDraw),
      artist,
      title,
      singleTitle: songTitle(albumDraw),
      year: albumDraw.chance(0.03) ? null : 2026 - Math.floor(71 * albumDraw.random() ** 2.5),
      genreTag: albumDraw.weighted(
        GENRE_TAGS.map(([tag]) => tag),
        GENRE_TAGS.map(([, weight]) => weight),
      ),
      firstSong,
      tracks,
      createdAt,
    });
  }
  const artistDraw = streamOf(seed, 'artist-ids');
  const identified = artists.map((artist) => ({
    ...artist,
    id: idAt(artist.createdAt, artistDraw),
  }));

  const userDraw = streamOf(seed, 'users');
  const userTimes = sortedTimes(userDraw, counts.users, LIBRARY_START, LIBRARY_END - 30 * DAY);
  userTimes[0] = LIBRARY_START;
  const users = Array.from(userTimes, (createdAt) => ({
    id: idAt(createdAt, userDraw),
    createdAt,
  }));

  // Plays in the order they happened, each by a listener and of a song that existed then.
  const playDraw = streamOf(seed, 'plays');
  const playAt = sortedTimes(playDraw, counts.plays, LIBRARY_START, LIBRARY_END);
  const playUser = new Uint32Array(counts.plays);
  const playSong = new Uint32Array(counts.plays);
  const songPlays = new Uint32Array(songs);
  for (let index = 0; index < counts.plays; index += 1) {
    const at = playAt[index]!;
    playUser[index] = Math.floor(playDraw.random() * Math.max(1, countUpTo(userTimes, at)));
    const picked = pickSong(playDraw, Math.max(1, countUpTo(songCreatedAt, at)));
    playSong[index] = picked;
    songPlays[picked] = songPlays[picked]! + 1;
    // Never before the song or the listener: the first ones exist from the library's start.
    playAt[index] = Math.max(at, songCreatedAt[picked]!, userTimes[playUser[index]!]!);
  }

  return {
    seed,
    counts,
    artists: identified,
    albums,
    users,
    songIds,
    songCreatedAt,
    songFeatured,
    songPlays,
    plays: { user: playUser, song: playSong, at: playAt },
  };
}

/** "Tomás" → "tomas": e-mail local parts stay plain ASCII (as the seeding of accounts does). */
function asciiLower(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

export function* userRows(
  plan: LibraryPlan,
  passwordHash: string,
): Generator<Insertable<Database['users']>> {
  for (const [index, user] of plan.users.entries()) {
    const draw = streamOf(plan.seed, 'user', index);
    const first = draw.pick(FIRST_NAMES);
    const last = draw.pick(LAST_NAMES);
    yield {
      id: user.id,
      name: `${first} ${last}`,
      email:
        index === 0
          ? LIBRARY_ADMIN_EMAIL
          : `${asciiLower(first)}.${asciiLower(last)}.${index}@example.com`,
      password_hash: passwordHash,
      role: index === 0 ? 'admin' : 'user',
      profile_image: null,
      created_at: iso(user.createdAt),
    };
  }
}

export function* artistRows(plan: LibraryPlan): Generator<Insertable<Database['artists']>> {
  for (const artist of plan.artists) {
    const sortName = artistSortName(artist.name);
    yield {
      id: artist.id,
      name: artist.name,
      name_key: foldKey(artist.name),
      sort_name: sortName,
      sort_key: foldKey(sortName),
      musicbrainz_id: null,
      created_at: iso(artist.createdAt),
    };
  }
}

const discCountOf = (tracks: number) => (tracks > ONE_DISC_TRACKS ? 2 : 1);

/** Disc and track number of the `track`-th track (from 0) of an album. */
function placeOnAlbum(track: number, tracks: number): { disc: number; number: number } {
  if (discCountOf(tracks) === 1) return { disc: 1, number: track + 1 };
  const firstDisc = Math.ceil(tracks / 2);
  return track < firstDisc
    ? { disc: 1, number: track + 1 }
    : { disc: 2, number: track - firstDisc + 1 };
}

export function* albumRows(plan: LibraryPlan): Generator<Insertable<Database['albums']>> {
  for (const album of plan.albums) {
    const artist = plan.artists[album.artist]!;
    const identity = albumIdentity({
      songId: plan.songIds[album.firstSong]!,
      songTitle: album.singleTitle,
      album: album.title,
      albumArtist: artist.name,
    });
    yield {
      id: album.id,
      group_key: identity.groupKey,
      title: identity.title,
      title_key: foldKey(identity.title),
      album_artist_id: artist.id,
      year: album.year,
      musicbrainz_release_id: identity.musicbrainzReleaseId,
      cover_key: null,
      disc_count: discCountOf(album.tracks),
      created_at: iso(album.createdAt),
    };
  }
}

/**
 * The tag genres the songs' genre texts name (each one genre: no separator in any of them), as
 * the server's placing of an uploaded song would have written them; the songs' links to them are
 * made from `genre_text` in SQL once the songs are in (library-generator.ts).
 */
export function* genreRows(plan: LibraryPlan): Generator<Insertable<Database['genres']>> {
  const draw = streamOf(plan.seed, 'genres');
  for (const [tag] of GENRE_TAGS) {
    yield { id: idAt(LIBRARY_START, draw), name: tag, name_key: genreKey(tag) };
  }
}

const BIT_RATES = [320_000, 256_000, 192_000, 128_000];

/** The rows of songs and of their artists, album after album, as uploads wrote them. */
export function* songRows(plan: LibraryPlan): Generator<{
  song: Insertable<Database['songs']>;
  artists: Insertable<Database['song_artists']>[];
}> {
  for (const album of plan.albums) {
    const main = plan.artists[album.artist]!;
    const genreText = album.genreTag;
    for (let track = 0; track < album.tracks; track += 1) {
      const index = album.firstSong + track;
      const draw = streamOf(plan.seed, 'song', index);
      const id = plan.songIds[index]!;
      const createdAt = plan.songCreatedAt[index]!;
      const title = album.title === null ? album.singleTitle : songTitle(draw);
      const guest = plan.songFeatured[index]!;
      const featured = guest >= 0 ? plan.artists[guest]! : null;
      const artist = featured ? `${main.name} feat. ${featured.name}` : main.name;
      // Classical tracks run long; most others three to four minutes.
      const seconds =
        genreFromTag(genreText) === 'classical'
          ? draw.int(180, 900)
          : Math.round(150 + 90 * (draw.random() + draw.random()));
      const durationMs = seconds * 1000 + draw.int(0, 999);
      const bitRate = draw.pick(BIT_RATES);
      const { disc, number } = placeOnAlbum(track, album.tracks);
      yield {
        song: {
          id,
          title,
          artist,
          album: album.title,
          genre: genreFromTag(genreText),
          release_year: album.year,
          duration: Math.max(1, Math.round(durationMs / 1000)),
          cover_key: null,
          audio_key: `audio/${idAt(createdAt - 1, draw)}`,
          audio_mime: 'audio/mpeg',
          audio_bytes: Math.round((durationMs / 1000) * (bitRate / 8)) + draw.int(2_000, 40_000),
          created_at: iso(createdAt),
          album_id: album.id,
          track_number: number,
          disc_number: disc,
          album_artist: main.name,
          codec: 'MPEG 1 Layer 3',
          container: 'MPEG',
          bit_rate: bitRate,
          sample_rate: draw.chance(0.8) ? 44_100 : 48_000,
          channels: 2,
          duration_ms: durationMs,
          sha256: null,
          replaygain_track_gain: null,
          replaygain_track_peak: null,
          replaygain_album_gain: null,
          replaygain_album_peak: null,
          genre_text: genreText,
        },
        artists: [
          { song_id: id, artist_id: main.id, role: 'main', position: 0 },
          ...(featured
            ? [{ song_id: id, artist_id: featured.id, role: 'featured' as const, position: 1 }]
            : []),
        ],
      };
    }
  }
}

/** Likes, each of a song that existed by a listener who did, never twice the same. */
export function* likeRows(plan: LibraryPlan): Generator<Insertable<Database['likes']>> {
  const draw = streamOf(plan.seed, 'likes');
  const userTimes = Float64Array.from(plan.users, (user) => user.createdAt);
  const wanted = Math.min(plan.counts.likes, plan.counts.users * plan.counts.songs);
  const taken = new Set<number>();
  while (taken.size < wanted) {
    const at = LIBRARY_START + draw.random() * (LIBRARY_END - LIBRARY_START);
    const user = Math.floor(draw.random() * Math.max(1, countUpTo(userTimes, at)));
    const song = pickSong(draw, Math.max(1, countUpTo(plan.songCreatedAt, at)));
    const key = user * plan.counts.songs + song;
    if (taken.has(key)) continue;
    taken.add(key);
    yield {
      user_id: plan.users[user]!.id,
      song_id: plan.songIds[song]!,
      created_at: iso(Math.max(at, plan.songCreatedAt[song]!, userTimes[user]!)),
    };
  }
}

/** Playlists and their songs: each song added after the playlist and the song existed. */
export function* playlistRows(plan: LibraryPlan): Generator<{
  playlist: Insertable<Database['playlists']>;
  songs: Insertable<Database['playlist_songs']>[];
}> {
  for (let index = 0; index < plan.counts.playlists; index += 1) {
    const draw = streamOf(plan.seed, 'playlist', index);
    const owner = draw.int(0, plan.counts.users - 1);
    const ownerSince = plan.users[owner]!.createdAt;
    const createdAt = ownerSince + draw.random() * (LIBRARY_END - ownerSince);
    const available = Math.max(1, countUpTo(plan.songCreatedAt, createdAt));
    const length = Math.min(available, draw.int(PLAYLIST_LENGTH.min, PLAYLIST_LENGTH.max));
    const chosen = new Set<number>();
    while (chosen.size < length) chosen.add(pickSong(draw, available));
    const addedAt = sortedTimes(
      draw,
      length,
      createdAt,
      Math.min(LIBRARY_END, createdAt + 90 * DAY),
    );
    const id = idAt(createdAt, draw);
    const isDefault = owner === 0;
    yield {
      playlist: {
        id,
        owner_id: plan.users[owner]!.id,
        name: playlistName(draw),
        description: draw.chance(0.2)
          ? `${capitalise(draw.pick(WORDS))} songs for ${draw.pick(WORDS)} days`
          : '',
        cover_key: null,
        is_public: isDefault || draw.chance(0.7) ? 1 : 0,
        is_default: isDefault ? 1 : 0,
        created_at: iso(createdAt),
      },
      songs: [...chosen].map((song, position) => ({
        playlist_id: id,
        song_id: plan.songIds[song]!,
        position: position + 1,
        added_at: iso(Math.max(addedAt[position]!, plan.songCreatedAt[song]!)),
      })),
    };
  }
}

export function* playRows(plan: LibraryPlan): Generator<Insertable<Database['plays']>> {
  const { user, song, at } = plan.plays;
  for (let index = 0; index < plan.counts.plays; index += 1) {
    yield {
      user_id: plan.users[user[index]!]!.id,
      song_id: plan.songIds[song[index]!]!,
      played_at: iso(at[index]!),
    };
  }
}

/** Each played song's play count by every listener, as recording its plays counted it. */
export function* songPlayTotalRows(
  plan: LibraryPlan,
): Generator<Insertable<Database['song_play_totals']>> {
  for (let index = 0; index < plan.songIds.length; index += 1) {
    const plays = plan.songPlays[index]!;
    if (plays > 0) yield { song_id: plan.songIds[index]!, play_count: plays };
  }
}
