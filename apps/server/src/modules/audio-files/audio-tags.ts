import { Transform, type Readable } from 'node:stream';
import type { IAudioMetadata } from 'music-metadata';
import {
  currentYear,
  MAX_DURATION_SECONDS,
  MAX_SONG_TEXT_LENGTH,
  MIN_RELEASE_YEAR,
} from '@cadenza/contract/song-form';
import { withoutControlCharacters } from '@cadenza/contract/validation';
import type { AudioDamage, AudioTags } from '../../domain/audio-tags';
import type { CatalogueTags } from '../../domain/grouping';
import { genreFromTag } from '../../domain/genre-from-tag';
import { MAX_EMBEDDED_PICTURE_BYTES, withoutOversizedPictures } from './embedded-pictures';
import { AudioBytes } from './audio-bytes';
import { unplayableEncoding } from './playable-codecs';
import { lyricsOfNativeTags } from './lyrics-tags';
import { tagGenres } from '../../domain/tag-genres';

/**
 * A tag's text as the library keeps it: without control characters or terminal escapes (a tag
 * is whatever the file's maker wrote), trimmed, bounded; absent when nothing is left.
 */
function text(value: string | undefined): string | undefined {
  const trimmed = value === undefined ? undefined : withoutControlCharacters(value).trim();
  return trimmed ? trimmed.slice(0, MAX_SONG_TEXT_LENGTH) : undefined;
}

/** A file that claims more than the longest song is lying (a forged or broken header). */
function seconds(duration: number | undefined): number | undefined {
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) return undefined;
  const whole = Math.max(1, Math.round(duration));
  return whole <= MAX_DURATION_SECONDS ? whole : undefined;
}

function releaseYear(year: number | undefined): number | undefined {
  return year !== undefined && year >= MIN_RELEASE_YEAR && year <= currentYear() ? year : undefined;
}

/**
 * Reads the tags, duration and embedded cover of an audio stream. A file whose tags cannot be
 * read simply says nothing: its type was already recognised by its bytes. Embedded pictures over
 * `MAX_EMBEDDED_PICTURE_BYTES` are left out unread (see `withoutOversizedPictures`). The stream
 * may be left unfinished: the caller destroys the rest.
 */
export async function readAudioTags(
  source: Readable,
  file: { readonly mime: string; readonly bytes?: number },
): Promise<AudioTags> {
  let limited: Awaited<ReturnType<typeof withoutOversizedPictures>>;
  try {
    limited = await withoutOversizedPictures(source);
  } catch {
    return { unreadable: true };
  }
  // The bytes are looked at on the way, for what the parser cannot tell (audio-bytes.ts).
  const bytesSeen = new AudioBytes(file.mime);
  const tapped = limited.stream.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytesSeen.push(chunk);
        done(null, chunk);
      },
    }),
  );
  limited.stream.on('error', (error) => tapped.destroy(error));
  let metadata;
  let damage: AudioDamage | null = null;
  try {
    const bytes = file.bytes === undefined ? undefined : file.bytes - limited.removedBytes;
    const { parseStream } = await import('music-metadata');
    metadata = await parseStream(
      tapped,
      { mimeType: file.mime, ...(bytes === undefined ? {} : { size: bytes }) },
      { duration: true },
    );
    if (bytesSeen.wantsRest(metadata.format)) {
      await drain(tapped);
      bytesSeen.end();
    }
    damage = bytesSeen.damage(metadata.format);
    metadata = bytesSeen.completed(metadata);
  } catch {
    metadata = null;
  } finally {
    // The parser may stop before the end: the stream is let go (its source is the caller's to
    // destroy, which may fail it: nobody is listening by then, and that must not be an
    // unhandled error).
    limited.stream.on('error', () => undefined);
    tapped.on('error', () => undefined);
    tapped.destroy();
    limited.stream.destroy();
  }
  const oversized = [...limited.skippedPictures];
  if (!metadata) {
    return presentOnly({ oversizedPictureBytes: largest(oversized), unreadable: true as const });
  }
  return withDamage(tagsOf(metadata, oversized), damage);
}

/**
 * The tags, duration and embedded cover of a file whose whole content is in memory: one parse
 * with random access, which reaches the tags at its end (ID3v1, APEv2), too. Pictures over the
 * limit are left out after parsing (they are in memory already).
 */
export async function readAudioTagsOfContent(content: Buffer, mime: string): Promise<AudioTags> {
  let metadata: IAudioMetadata;
  try {
    const { parseBuffer } = await import('music-metadata');
    metadata = await parseBuffer(
      content,
      { mimeType: mime, size: content.length },
      { duration: true },
    );
  } catch {
    return { unreadable: true };
  }
  const bytesSeen = new AudioBytes(mime, metadata.format.container);
  bytesSeen.push(content);
  bytesSeen.end();
  return withDamage(tagsOf(bytesSeen.completed(metadata)), bytesSeen.damage(metadata.format));
}

function withDamage(tags: AudioTags, damage: AudioDamage | null): AudioTags {
  return damage === null ? tags : { ...tags, damage };
}

/**
 * What parsed metadata says, as `AudioTags`. `oversized` lists the sizes of pictures left out
 * before parsing; pictures the parser read are bounded here.
 */
export function tagsOf(metadata: IAudioMetadata, oversized: number[] = []): AudioTags {
  const { common, format } = metadata;
  // Filed under the first of its genres that is one of the seven ("Fusion; Jazz" is jazz).
  const filed = tagGenres(common.genre ?? []).map(genreFromTag);
  const genre = filed.find((name) => name !== 'other') ?? filed[0];
  // Containers whose pictures are not left out before parsing (MP4 atoms, Ogg comments) are
  // checked here, so that an oversized one is not passed on.
  for (const candidate of common.picture ?? []) {
    if (candidate.data.length > MAX_EMBEDDED_PICTURE_BYTES) oversized.push(candidate.data.length);
  }
  const picture = common.picture?.find(
    (candidate) => candidate.data.length > 0 && candidate.data.length <= MAX_EMBEDDED_PICTURE_BYTES,
  );
  return presentOnly({
    title: text(common.title),
    artist: text(common.artist ?? common.albumartist),
    album: text(common.album),
    genre,
    releaseYear: releaseYear(common.year),
    duration: seconds(format.duration),
    picture: picture ? { mime: picture.format, data: Buffer.from(picture.data) } : undefined,
    oversizedPictureBytes: largest(oversized),
    catalogue: catalogueTags(metadata),
    unplayableEncoding: unplayableEncoding(format) ?? undefined,
    unreadable: format.container === undefined && format.codec === undefined ? true : undefined,
  });
}

/** A MusicBrainz id as tagged: a UUID, in lower case; anything else is left out. */
function musicBrainzIdOf(value: string | undefined): string | undefined {
  const id = value?.trim().toLowerCase();
  return id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u.test(id)
    ? id
    : undefined;
}

/** A count or rate the file states: a positive whole number, or nothing. */
function positive(value: number | null | undefined): number | undefined {
  return value !== null && value !== undefined && Number.isFinite(value) && value > 0
    ? Math.round(value)
    : undefined;
}

function finite(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) ? value : null;
}

/** The album, artists and technical facts of a parsed file, as the catalogue keeps them. */
function catalogueTags({ common, format, native }: IAudioMetadata): CatalogueTags {
  const artists = (common.artists ?? []).map(text).filter((name) => name !== undefined);
  const durationMs = seconds(format.duration) === undefined ? undefined : format.duration;
  const gains = [
    common.replaygain_track_gain?.dB,
    common.replaygain_track_peak?.ratio,
    common.replaygain_album_gain?.dB,
    common.replaygain_album_peak?.ratio,
  ];
  const genreText = common.genre
    ?.map(text)
    .filter((name) => name !== undefined)
    .join('; ');
  const genres = tagGenres((common.genre ?? []).map((value) => withoutControlCharacters(value)));
  const lyrics = lyricsOfNativeTags(native);
  return presentOnly({
    artists: artists.length > 1 ? artists : undefined,
    titleSort: text(common.titlesort),
    albumSort: text(common.albumsort),
    artistSort: text(common.artistsort),
    albumArtist: text(common.albumartist),
    albumArtistSort: text(common.albumartistsort),
    musicbrainzArtistId: text(common.musicbrainz_artistid?.[0]),
    musicbrainzReleaseId: text(common.musicbrainz_albumid),
    musicbrainzRecordingId: musicBrainzIdOf(common.musicbrainz_recordingid),
    trackNumber: positive(common.track.no),
    discNumber: positive(common.disk.no),
    discCount: positive(common.disk.of),
    codec: text(format.codec),
    container: text(format.container),
    bitRate: positive(format.bitrate),
    sampleRate: positive(format.sampleRate),
    channels: positive(format.numberOfChannels),
    durationMs: durationMs === undefined ? undefined : Math.round(durationMs * 1000),
    replayGain: gains.some((gain) => gain !== undefined)
      ? {
          trackGain: finite(gains[0]),
          trackPeak: finite(gains[1]),
          albumGain: finite(gains[2]),
          albumPeak: finite(gains[3]),
        }
      : undefined,
    genreText: genreText || undefined,
    genres: genres.length > 0 ? genres : undefined,
    lyrics: lyrics.length > 0 ? lyrics : undefined,
    releaseDate: releaseDate(common.date),
    originalDate: releaseDate(common.originaldate ?? common.originalyear?.toString()),
    labels: texts(common.label),
    releaseTypes: texts(common.releasetype)?.map((type) => type.toLowerCase()),
    compilation: common.compilation === true ? true : undefined,
    discSubtitle: text(firstOf(common.discsubtitle)),
    bpm: positive(common.bpm),
    comment: text(common.comment?.map((comment) => comment.text ?? '').find(Boolean)),
  });
}

/**
 * The one value of a tag music-metadata types as a list but hands over as a single string (the
 * disc subtitle): indexing that string would answer its first letter.
 */
function firstOf(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

/** Several texts of one tag, each cleaned, empty ones left out; absent when none is left. */
function texts(values: readonly string[] | undefined): string[] | undefined {
  const kept = (values ?? []).map(text).filter((value) => value !== undefined);
  return kept.length > 0 ? [...new Set(kept)] : undefined;
}

/** "2004", "2004-03" or "2004-03-02" from a date tag ("2004-03-02T00:00:00Z", "2004-3-2"). */
function releaseDate(value: string | undefined): string | undefined {
  const match = /^\s*(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/u.exec(value ?? '');
  if (!match || releaseYear(Number(match[1])) === undefined) return undefined;
  const two = (part: string) => part.padStart(2, '0');
  const month = match[2] && Number(match[2]) >= 1 && Number(match[2]) <= 12 ? two(match[2]) : null;
  const day =
    month && match[3] && Number(match[3]) >= 1 && Number(match[3]) <= 31 ? two(match[3]) : null;
  return [match[1], month, day].filter(Boolean).join('-');
}

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream);
}

function largest(sizes: readonly number[]): number | undefined {
  return sizes.length === 0 ? undefined : Math.max(...sizes);
}

/** The tags without the fields the file did not say. */
function presentOnly<T extends object>(tags: { [K in keyof T]: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(tags).filter(([, value]) => value !== undefined)) as T;
}
