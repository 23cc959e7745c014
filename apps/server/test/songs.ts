import { Readable } from 'node:stream';
import type { Genre, Song } from '@cadenza/contract/songs';
import type { SongRow } from '../src/db/schema';
import { newId } from '../src/ids';
import type { CatalogueTags } from '../src/domain/grouping';
import { MediaUrls } from '../src/modules/delivery/media-urls';
import { presentSong } from '../src/modules/songs/songs.presenter';
import { mp3Bytes } from './media-bytes';
import { songRowById } from './song-rows';
import { TEST_JWT_SECRET, type TestApp } from './test-app';

export interface SongOverrides {
  readonly title?: string;
  readonly artist?: string;
  readonly album?: string | null;
  readonly genre?: Genre;
  readonly releaseYear?: number | null;
  readonly duration?: number;
  readonly createdAt?: string;
  /** The audio file's bytes (an MP3 of 4 KiB by default). */
  readonly audio?: Buffer;
  /** The cover's bytes; null (the default) leaves the song without a cover. */
  readonly cover?: Buffer | null;
  /** What the file's tags say about its album, artists and itself (`genres`: its tag genres). */
  readonly tags?: CatalogueTags;
  /** Tag genres as an administrator typed them, which win over the tags'. */
  readonly genres?: readonly string[];
}

export interface CreatedSong {
  readonly song: Song;
  readonly row: SongRow;
  readonly audio: Buffer;
}

let sequence = 0;
const FIRST_CREATED_AT = Date.parse('2024-01-01T00:00:00.000Z');

export const testMediaUrls = new MediaUrls(TEST_JWT_SECRET);

/**
 * Stores a real audio file (and cover, if asked, like an upload) in the test app's object
 * store and inserts its song row. Each call is one second newer than the last unless
 * `createdAt` is given.
 */
export async function createSong(t: TestApp, overrides: SongOverrides = {}): Promise<CreatedSong> {
  sequence += 1;
  const id = newId();
  const audio = overrides.audio ?? mp3Bytes();
  const audioKey = `audio/${id}`;
  const storedAudio = await t.blobs.put(audioKey, Readable.from([audio]), {
    contentType: 'audio/mpeg',
  });
  const covers = t.services.covers;
  const cover = overrides.cover ? await covers.save(Readable.from([overrides.cover])) : null;
  const record = await t.services.songWrites.insert({
    id,
    title: overrides.title ?? `Song ${sequence}`,
    artist: overrides.artist ?? `Artist ${sequence}`,
    album: overrides.album === undefined ? `Album ${sequence}` : overrides.album,
    genre: overrides.genre ?? 'pop',
    releaseYear: overrides.releaseYear === undefined ? 2020 : overrides.releaseYear,
    duration: overrides.duration ?? 180,
    cover,
    audioKey,
    audioMime: 'audio/mpeg',
    audioBytes: storedAudio.bytes,
    createdAt: overrides.createdAt ?? new Date(FIRST_CREATED_AT + sequence * 1000).toISOString(),
    ...(overrides.tags ? { tags: overrides.tags } : {}),
    ...(overrides.genres ? { genres: overrides.genres } : {}),
  });
  // The same picture stored before keeps its key: this copy of it goes, as after an upload.
  await covers.discard(cover);
  return { song: presentSong(record, testMediaUrls), row: await songRowById(t, id), audio };
}
