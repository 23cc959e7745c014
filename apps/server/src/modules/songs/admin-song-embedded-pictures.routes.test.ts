import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { coverMessages } from '@cadenza/contract/covers';
import { TAGGED_MP3, taggedMp3, taggedMp3Cover, untaggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import {
  FLAC_PICTURE,
  FLAC_VORBIS_COMMENT,
  flacPicture,
  flacWithBlocks,
  id3PictureFrame,
  id3Tag,
  id3TextFrame,
  vorbisComment,
  type Id3Version,
} from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const MB = 1024 * 1024;
/** A real JPEG (500 × 500) that has grown past the 10 MB limit: decoders ignore the tail. */
const hugePicture = () => Buffer.concat([taggedMp3Cover(), Buffer.alloc(11 * MB)]);

function send(url: string, file: Buffer, fields: Record<string, string> = {}) {
  const { payload, headers } = multipartBody({
    ...fields,
    audioFile: { filename: 'song.mp3', contentType: 'audio/mpeg', content: file },
  });
  return t.app.inject({ method: 'POST', url, headers: { ...admin.headers, ...headers }, payload });
}
const inspect = (file: Buffer) => send('/api/admin/songs/inspect', file);

/** An MP3 whose tag has text frames around a picture over the limit. */
function mp3WithHugePicture(version: Id3Version, options?: Parameters<typeof id3Tag>[2]): Buffer {
  const [title, artist, album] = version === 2 ? ['TT2', 'TP1', 'TAL'] : ['TIT2', 'TPE1', 'TALB'];
  const tag = id3Tag(
    version,
    [
      id3TextFrame(version, title, TAGGED_MP3.title),
      id3PictureFrame(version, hugePicture()),
      id3TextFrame(version, artist, TAGGED_MP3.artist),
      id3TextFrame(version, album, TAGGED_MP3.album),
    ],
    options,
  );
  return Buffer.concat([tag, untaggedMp3()]);
}

/** The size in pixels of a data URL's image, and its type and length. */
async function previewOf(dataUrl: unknown) {
  expect(typeof dataUrl).toBe('string');
  const [head = '', base64 = ''] = String(dataUrl).split(',');
  const bytes = Buffer.from(base64, 'base64');
  const { width, height, format } = await sharp(bytes).metadata();
  return { head, width, height, format, bytes: bytes.length };
}

describe('embedded pictures over the 10 MB limit', () => {
  it.each([
    ['ID3v2.3', 3 as const, {}],
    [
      'ID3v2.4 with an extended header and a footer',
      4 as const,
      { extendedHeader: true, footer: true },
    ],
    ['ID3v2.3 with an extended header', 3 as const, { extendedHeader: true }],
    ['ID3v2.2', 2 as const, {}],
  ])(
    'are left out of an %s tag, whose other frames are still read, and inspect says so',
    async (_name, version, options) => {
      const res = await inspect(mp3WithHugePicture(version, options));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        title: TAGGED_MP3.title,
        artist: TAGGED_MP3.artist,
        album: TAGGED_MP3.album,
        genre: null,
        releaseYear: null,
        duration: TAGGED_MP3.duration,
        coverImage: null,
        coverNote: coverMessages.embeddedTooLarge,
      });
    },
  );

  it('are left out when a song is added, which keeps its whole file, its duration and the default cover', async () => {
    const file = mp3WithHugePicture(3);
    const res = await send('/api/admin/songs', file, { genre: 'jazz' });
    expect(res.statusCode).toBe(201);
    const song = res.json().data;
    expect(song).toMatchObject({
      title: TAGGED_MP3.title,
      artist: TAGGED_MP3.artist,
      album: TAGGED_MP3.album,
      duration: TAGGED_MP3.duration,
      coverImage: '/media/defaults/song.jpg',
    });
    const row = await t.database.db
      .selectFrom('songs')
      .select(['audio_bytes', 'cover_key'])
      .where('id', '=', song._id)
      .executeTakeFirstOrThrow();
    expect(Number(row.audio_bytes)).toBe(file.length);
    expect(row.cover_key).toBeNull();
  });

  it('are left out of a FLAC file, whose comments and duration are still read', async () => {
    const flac = flacWithBlocks(5, [
      [FLAC_VORBIS_COMMENT, vorbisComment({ TITLE: 'Lossless', ARTIST: 'Quiet Band' })],
      [FLAC_PICTURE, flacPicture(hugePicture())],
    ]);
    const res = await inspect(flac);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Lossless',
      artist: 'Quiet Band',
      duration: 5,
      coverImage: null,
      coverNote: coverMessages.embeddedTooLarge,
    });
  });
});

describe('embedded pictures under the limit', () => {
  it('are previewed by inspect as a small WebP, not sent back whole', async () => {
    const res = await inspect(taggedMp3());
    expect(res.statusCode).toBe(200);
    const { coverImage, coverNote } = res.json().data;
    expect(coverNote).toBeNull();
    const preview = await previewOf(coverImage);
    expect(preview).toMatchObject({ head: 'data:image/webp;base64', format: 'webp' });
    expect(Math.max(preview.width ?? 0, preview.height ?? 0)).toBe(300);
    expect(preview.bytes).toBeLessThan(taggedMp3Cover().length);
  });

  it('of a FLAC file are previewed too', async () => {
    const flac = flacWithBlocks(2, [[FLAC_PICTURE, flacPicture(taggedMp3Cover())]]);
    const res = await inspect(flac);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.coverNote).toBeNull();
    expect(await previewOf(res.json().data.coverImage)).toMatchObject({ width: 300, height: 300 });
  });
});
