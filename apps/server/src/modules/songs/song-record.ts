import type { Genre } from '@cadenza/contract/songs';
import { toIso, type SongRow } from '../../db/schema';
import { unplayableEncoding } from '../audio-files/playable-codecs';
import type { ArtistCredits } from '../../domain/grouping';

/** One artist of a song, with the part they play in it. */
export interface SongArtistRecord {
  readonly id: string;
  readonly name: string;
  readonly role: 'main' | 'featured';
}

/** A tag genre of a song (db/song-genres.ts). */
export interface SongGenreRecord {
  readonly id: string;
  readonly name: string;
}

/** A song as the domain sees it: what every API presents in its own shape. */
export interface SongRecord {
  readonly id: string;
  readonly title: string;
  readonly artist: string;
  readonly album: string | null;
  readonly genre: Genre;
  readonly releaseYear: number | null;
  /** Seconds. */
  readonly duration: number;
  readonly coverKey: string | null;
  readonly audioKey: string;
  readonly audioMime: string;
  readonly audioBytes: number;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
  /** The album it is a track of (a single is an album of one); null only while unlinked. */
  readonly albumId: string | null;
  readonly albumArtist: string | null;
  /** Main artists first, then featured ones, in credit order. */
  readonly artists: readonly SongArtistRecord[];
  readonly trackNumber: number | null;
  readonly discNumber: number | null;
  /** The exact duration, in milliseconds. */
  readonly durationMs: number;
  readonly codec: string | null;
  readonly container: string | null;
  /**
   * Whether browsers play the file as it is (by its container and codec); one they cannot came
   * in because ffmpeg was there to transcode it, and is played through it. A row that never
   * recorded its encoding counts as playable: only playable files came in before.
   */
  readonly playableAsIs: boolean;
  /** Bits per second. */
  readonly bitRate: number | null;
  readonly sampleRate: number | null;
  readonly channels: number | null;
  /** Hex SHA-256 of the audio file, when known: the same file twice is a duplicate. */
  readonly sha256: string | null;
  readonly replayGain: {
    readonly trackGain: number | null;
    readonly trackPeak: number | null;
    readonly albumGain: number | null;
    readonly albumPeak: number | null;
  };
  /** The genre as the tags wrote it; `genre` is the one of the seven it maps to. */
  readonly genreText: string | null;
  /** Beats per minute, as tagged. */
  readonly bpm: number | null;
  /** The MusicBrainz recording id, as tagged. */
  readonly musicBrainzId: string | null;
  /** The comment tag. */
  readonly comment: string | null;
  /** The title of its disc in a set ("The Early Years"), as tagged. */
  readonly discSubtitle: string | null;
  /** How the title sorts, as tagged; null: as it is. */
  readonly sortTitle: string | null;
  /** Its tag genres as written, in order (beside `genre`, the one of the seven it is filed under). */
  readonly genres: readonly SongGenreRecord[];
}

/**
 * The record of a `songs` row, its artists and its tag genres (read by `creditsOfSongs` and
 * `genresOfSongs`, in db/); for repositories, which alone read rows.
 */
export function songRecordOf(
  row: SongRow,
  artists: readonly SongArtistRecord[],
  genres: readonly SongGenreRecord[],
): SongRecord {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    album: row.album,
    genre: row.genre as Genre,
    releaseYear: row.release_year,
    duration: row.duration,
    coverKey: row.cover_key,
    audioKey: row.audio_key,
    audioMime: row.audio_mime,
    audioBytes: Number(row.audio_bytes),
    createdAt: toIso(row.created_at),
    albumId: row.album_id,
    albumArtist: row.album_artist,
    artists,
    trackNumber: row.track_number,
    discNumber: row.disc_number,
    durationMs: row.duration_ms === null ? row.duration * 1000 : Number(row.duration_ms),
    codec: row.codec,
    container: row.container,
    playableAsIs:
      (row.codec === null && row.container === null) ||
      unplayableEncoding({
        container: row.container ?? undefined,
        codec: row.codec ?? undefined,
      }) === null,
    bitRate: row.bit_rate,
    sampleRate: row.sample_rate,
    channels: row.channels,
    sha256: row.sha256,
    replayGain: {
      trackGain: row.replaygain_track_gain,
      trackPeak: row.replaygain_track_peak,
      albumGain: row.replaygain_album_gain,
      albumPeak: row.replaygain_album_peak,
    },
    genreText: row.genre_text,
    bpm: row.bpm,
    musicBrainzId: row.musicbrainz_id,
    comment: row.comment,
    discSubtitle: row.disc_subtitle,
    sortTitle: row.sort_title,
    genres,
  };
}

/**
 * The records of these song rows, in their order, each with its artists (`creditsOfSongs`) and
 * tag genres (`genresOfSongs`).
 */
export function songRecordsWith(
  rows: readonly SongRow[],
  credits: ReadonlyMap<string, readonly SongArtistRecord[]>,
  genres: ReadonlyMap<string, readonly SongGenreRecord[]>,
): SongRecord[] {
  return rows.map((row) => songRecordOf(row, credits.get(row.id) ?? [], genres.get(row.id) ?? []));
}

/**
 * These records (read without their artists and genres) with their artists (`creditsOfSongs`)
 * and tag genres (`genresOfSongs`).
 */
export function withCredits(
  records: readonly SongRecord[],
  credits: ReadonlyMap<string, readonly SongArtistRecord[]>,
  genres: ReadonlyMap<string, readonly SongGenreRecord[]>,
): SongRecord[] {
  return records.map((record) => ({
    ...record,
    artists: credits.get(record.id) ?? [],
    genres: genres.get(record.id) ?? [],
  }));
}

/** A song's artists as main and featured, in credit order. */
export function creditsOfRecord(song: Pick<SongRecord, 'artists'>): ArtistCredits {
  const named = (role: SongArtistRecord['role']) =>
    song.artists.filter((artist) => artist.role === role).map(({ name }) => name);
  return { main: named('main'), featured: named('featured') };
}
