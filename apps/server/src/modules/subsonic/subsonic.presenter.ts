import { creditText } from '@cadenza/contract/artist-credit';
import type { AlbumRecord, ArtistRecord, DiscTitleRecord } from '../catalogue/catalogue-records';
import { extensionOfKey, extensionOfType } from '../delivery/media-types';
import type { PlaylistRecord } from '../playlists/playlist-record';
import type { SongRecord } from '../songs/song-record';
import type { UserRecord } from '../users/user-record';
import { NO_ANNOTATIONS, type Annotations } from './annotations.service';
import {
  itemDateOf,
  NO_SONG_FACTS,
  releaseTypeNames,
  uploadedSongPath,
  type SongFacts,
} from './opensubsonic-fields';
import { coverArtId, subsonicId } from './subsonic-ids';
import type { SubsonicNode } from './subsonic-response';

/** The one music folder: the whole library. */
export const MUSIC_FOLDER = { id: 1, name: 'Music' } as const;

/** A song, album or artist's cover id, or its own id (answered with a placeholder) without one. */
function coverOf(imageKey: string | null, fallback: string): string {
  return imageKey ? coverArtId(imageKey) : fallback;
}

/** The suffix of a song's file as clients are told it ("flac", "mp3"). */
export function songSuffix(song: SongRecord): string {
  return extensionOfKey(song.audioKey) ?? extensionOfType(song.audioMime) ?? 'mp3';
}

/** A song as Subsonic's `Child` (with OpenSubsonic's additions). */
export function presentSong(
  song: SongRecord,
  notes: Annotations = NO_ANNOTATIONS,
  facts: SongFacts = NO_SONG_FACTS,
): SubsonicNode {
  const albumArtist = song.albumId === null ? undefined : facts.albumArtists.get(song.albumId);
  const albumId = song.albumId ? subsonicId('album', song.albumId) : undefined;
  const mainArtist = song.artists.find((artist) => artist.role === 'main') ?? song.artists[0];
  const id = subsonicId('song', song.id);
  const credit = creditText(song.artist, song.artists);
  return {
    id,
    parent: albumId,
    isDir: false,
    title: song.title,
    album: song.album ?? undefined,
    artist: credit,
    track: song.trackNumber ?? undefined,
    year: song.releaseYear ?? undefined,
    // The first tag genre; `genres` names them all (OpenSubsonic).
    genre: song.genres[0]?.name,
    coverArt: coverOf(song.coverKey, albumId ?? id),
    size: song.audioBytes,
    contentType: song.audioMime,
    suffix: songSuffix(song),
    path:
      facts.libraryPaths.get(song.id) ??
      uploadedSongPath(
        song,
        albumArtist?.name ?? song.albumArtist ?? song.artist,
        songSuffix(song),
      ),
    duration: song.duration,
    bitRate: song.bitRate === null ? undefined : Math.round(song.bitRate / 1000),
    samplingRate: song.sampleRate ?? undefined,
    channelCount: song.channels ?? undefined,
    playCount: facts.playCounts.get(song.id) ?? 0,
    discNumber: song.discNumber ?? undefined,
    created: song.createdAt,
    albumId,
    artistId: mainArtist ? subsonicId('artist', mainArtist.id) : undefined,
    type: 'music',
    mediaType: 'song',
    isVideo: false,
    starred: notes.songStars.get(song.id),
    userRating: notes.songRatings.get(song.id),
    played: notes.songPlays.get(song.id),
    bpm: song.bpm ?? undefined,
    comment: song.comment ?? undefined,
    musicBrainzId: song.musicBrainzId ?? undefined,
    sortName: song.sortTitle ?? song.title,
    albumArtists: albumArtist
      ? [{ id: subsonicId('artist', albumArtist.id), name: albumArtist.name }]
      : [],
    displayArtist: credit,
    displayAlbumArtist: song.albumArtist ?? credit,
    genres: song.genres.map((genre) => ({ name: genre.name })),
    artists: song.artists.map((artist) => ({
      id: subsonicId('artist', artist.id),
      name: artist.name,
    })),
    replayGain: {
      trackGain: song.replayGain.trackGain ?? undefined,
      trackPeak: song.replayGain.trackPeak ?? undefined,
      albumGain: song.replayGain.albumGain ?? undefined,
      albumPeak: song.replayGain.albumPeak ?? undefined,
    },
  };
}

/** An album as Subsonic's `AlbumID3` (with OpenSubsonic's additions). */
export function presentAlbum(
  album: AlbumRecord,
  notes: Annotations = NO_ANNOTATIONS,
  discTitles: readonly DiscTitleRecord[] = [],
): SubsonicNode {
  const id = subsonicId('album', album.id);
  return {
    id,
    name: album.title,
    artist: album.artistName,
    artistId: subsonicId('artist', album.artistId),
    coverArt: coverOf(album.coverKey, id),
    songCount: album.songCount,
    duration: album.duration,
    playCount: album.playCount,
    created: album.createdAt,
    year: album.year ?? undefined,
    genre: album.genres[0]?.name,
    genres: album.genres.map((genre) => ({ name: genre.name })),
    starred: notes.albumStars.get(album.id),
    userRating: notes.albumRatings.get(album.id),
    played: notes.albumPlays.get(album.id),
    displayArtist: album.artistName,
    artists: [{ id: subsonicId('artist', album.artistId), name: album.artistName }],
    sortName: album.sortTitle ?? album.title,
    musicBrainzId: album.musicBrainzId ?? undefined,
    releaseDate: itemDateOf(album.releaseDate),
    originalReleaseDate: itemDateOf(album.originalReleaseDate),
    isCompilation: album.isCompilation,
    releaseTypes: releaseTypeNames(album.releaseTypes),
    recordLabels: album.recordLabels.map((name) => ({ name })),
    discTitles: discTitles.map(({ disc, title }) => ({ disc, title })),
  };
}

/**
 * An album as a directory entry (`Child` with `isDir`), for folder-based browsing: the facts of
 * its `AlbumID3`, laid out as a folder under its artist's.
 */
export function presentAlbumAsDirectory(album: AlbumRecord, notes = NO_ANNOTATIONS): SubsonicNode {
  const { id, artist, year, coverArt, duration, playCount, created, starred, userRating } =
    presentAlbum(album, notes);
  return {
    id,
    parent: subsonicId('artist', album.artistId),
    isDir: true,
    title: album.title,
    album: album.title,
    artist,
    year,
    coverArt,
    duration,
    playCount,
    created,
    starred,
    userRating,
  };
}

/** An artist as Subsonic's `ArtistID3` (and an index's `Artist`). */
export function presentArtist(
  artist: ArtistRecord,
  notes: Annotations = NO_ANNOTATIONS,
): SubsonicNode {
  const id = subsonicId('artist', artist.id);
  return {
    id,
    name: artist.name,
    coverArt: coverOf(artist.imageKey, id),
    albumCount: artist.albumCount,
    starred: notes.artistStars.get(artist.id),
    userRating: notes.artistRatings.get(artist.id),
    sortName: artist.sortName,
  };
}

/** Artists grouped under the first letter of their sort name (`#` for anything else). */
export function presentIndexes(
  artists: readonly ArtistRecord[],
  notes: Annotations = NO_ANNOTATIONS,
): SubsonicNode[] {
  const groups = new Map<string, SubsonicNode[]>();
  for (const artist of artists) {
    const first = artist.sortName.trim().charAt(0).toUpperCase();
    const letter = /^\p{L}$/u.test(first) ? first : '#';
    const group = groups.get(letter) ?? [];
    group.push(presentArtist(artist, notes));
    groups.set(letter, group);
  }
  return [...groups].map(([name, artist]) => ({ name, artist }));
}

/**
 * A playlist as Subsonic's `Playlist`. The owner is the caller's user name (their e-mail) on
 * their own playlists, so that apps offer to edit them; anyone else's shows its owner's display
 * name, never an e-mail.
 */
export function presentPlaylist(playlist: PlaylistRecord, caller: UserRecord): SubsonicNode {
  const id = subsonicId('playlist', playlist.id);
  return {
    id,
    name: playlist.name,
    comment: playlist.description,
    owner: playlist.ownerId === caller.id ? caller.email : playlist.ownerName,
    public: playlist.isPublic,
    songCount: playlist.songCount,
    duration: playlist.duration,
    created: playlist.createdAt,
    changed: playlist.createdAt,
    coverArt: coverOf(playlist.coverKey ?? playlist.mosaicKeys[0] ?? null, id),
    // A smart playlist's songs are chosen by its rules: no app may edit them.
    readonly: playlist.ownerId !== caller.id || playlist.isDefault || playlist.criteria !== null,
  };
}

/** The account as Subsonic's `User`: what it may do over /rest. */
export function presentUser(user: UserRecord): SubsonicNode {
  const admin = user.role === 'admin';
  return {
    username: user.email,
    email: user.email,
    scrobblingEnabled: true,
    adminRole: admin,
    settingsRole: false,
    downloadRole: true,
    uploadRole: false,
    playlistRole: true,
    coverArtRole: false,
    commentRole: false,
    podcastRole: false,
    streamRole: true,
    jukeboxRole: false,
    shareRole: false,
    videoConversionRole: false,
    folder: [MUSIC_FOLDER.id],
  };
}
