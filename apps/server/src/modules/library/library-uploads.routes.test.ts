import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryUploadResultSchema, type LibraryUploadResult } from '@cadenza/contract/library';
import { audioFixture } from '../../../test/audio-corpus';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { filesUnder } from '../../../test/media-files';
import { injectForm } from '../../../test/multipart';
import {
  apeTag,
  FLAC_VORBIS_COMMENT,
  flacWithBlocks,
  id3v1Tag,
  vorbisComment,
} from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
});
afterAll(() => t.close());

function send(filename: string, content: Buffer, headers: Record<string, string> = admin.headers) {
  return injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/library/uploads', headers },
    { file: { filename, contentType: 'application/octet-stream', content } },
  );
}

async function added(filename: string, content: Buffer): Promise<LibraryUploadResult['song']> {
  const response = await send(filename, content);
  expect(response.statusCode, response.body).toBe(201);
  const result = libraryUploadResultSchema.parse(response.json<{ data: unknown }>().data);
  expect(result.outcome).toBe('added');
  return result.song;
}

async function songCount(): Promise<number> {
  const response = await t.app.inject({ url: '/api/admin/stats', headers: admin.headers });
  return response.json<{ data: { totalSongs: number } }>().data.totalSongs;
}

describe('a file sent to the library', () => {
  it('is added from its tags alone, into its album', async () => {
    const song = await added('testcase.opus', audioFixture('tagged.opus'));
    expect(song).toMatchObject({ title: 'Testcase', artist: 'Testcase', album: 'Testcase' });
    expect(song.albumId).not.toBeNull();
    expect(song.trackNumber).toBe(1);
    expect(song.durationMs).toBeGreaterThan(900);
    const album = await t.app.inject({
      url: `/api/user/albums/${song.albumId ?? ''}`,
      headers: listener.headers,
    });
    expect(album.json<{ data: { songs: Array<{ _id: string }> } }>().data.songs).toEqual([
      expect.objectContaining({ _id: song._id }),
    ]);
  });

  it('without a title or artist takes its file name and Unknown Artist, and genre other', async () => {
    const song = await added('Night Swim.mp3', audioFixture('Night Swim.mp3'));
    expect(song).toMatchObject({ title: 'Night Swim', artist: 'Unknown Artist', genre: 'other' });
    expect(song.releaseYear).toBeNull();
    expect(song.artists).toEqual([expect.objectContaining({ name: 'Unknown Artist' })]);
  });

  it('reads APEv2 and ID3v1 tags at the end of the file', async () => {
    const ape = await added('track.mp3', audioFixture('apev2-tags.mp3'));
    expect(ape).toMatchObject({
      title: "Do They Know It's Christmas?",
      artist: 'Band Aid',
      album: "Now That's What I Call Xmas",
      trackNumber: 2,
    });
    const id3v1 = await added('track.mp3', audioFixture('id3v1-tags.mp3'));
    expect(id3v1.title).toBe('Luomo - Tessio (Spektre Remix)');
  });

  it('reads tags after the audio of a FLAC file, and inspecting it says the same', async () => {
    const flac = Buffer.concat([
      flacWithBlocks(2, [[FLAC_VORBIS_COMMENT, vorbisComment({ TITLE: 'Lead Title' })]]),
      apeTag({ Artist: 'Tail Artist', Album: 'Tail Album', Track: '3' }),
    ]);
    const inspected = await injectForm(
      t.app,
      { method: 'POST', url: '/api/admin/songs/inspect', headers: admin.headers },
      { audioFile: { filename: 'x.flac', contentType: 'audio/flac', content: flac } },
    );
    expect(inspected.json<{ data: unknown }>().data).toMatchObject({
      title: 'Lead Title',
      artist: 'Tail Artist',
      album: 'Tail Album',
    });
    const song = await added('x.flac', flac);
    expect(song).toMatchObject({
      title: 'Lead Title',
      artist: 'Tail Artist',
      album: 'Tail Album',
      trackNumber: 3,
    });
  });

  it('has ID3v1 fill only what the tags before the audio left unsaid', async () => {
    const flac = Buffer.concat([
      flacWithBlocks(1, [[FLAC_VORBIS_COMMENT, vorbisComment({ TITLE: 'Kept', ARTIST: 'Kept' })]]),
      id3v1Tag({ title: 'Lost', artist: 'Lost', album: 'Found', year: '1999' }),
    ]);
    const song = await added('y.flac', flac);
    expect(song).toMatchObject({
      title: 'Kept',
      artist: 'Kept',
      album: 'Found',
      releaseYear: 1999,
    });
  });

  it('is measured by counting frames when no header states its length', async () => {
    const song = await added('vbr.mp3', audioFixture('no-xing-header.mp3'));
    expect(song.durationMs).toBeGreaterThan(3900);
    expect(song.durationMs).toBeLessThan(4200);
    expect(song.duration).toBe(4);
  });
});

describe('a file already in the library', () => {
  it('is reported as a duplicate with the song that has it, and stored once', async () => {
    const bytes = audioFixture('tagged.opus');
    const first = await send('a.opus', bytes);
    expect([200, 201]).toContain(first.statusCode);
    const before = { songs: await songCount(), files: filesUnder(t.blobs.root).length };
    const again = await send('copy of a.opus', bytes);
    expect(again.statusCode, again.body).toBe(200);
    const result = libraryUploadResultSchema.parse(again.json<{ data: unknown }>().data);
    expect(result.outcome).toBe('duplicate');
    expect(result.song._id).toBe(first.json<{ data: { song: { _id: string } } }>().data.song._id);
    expect(await songCount()).toBe(before.songs);
    expect(filesUnder(t.blobs.root)).toHaveLength(before.files);
  });

  it('is added once when the same file arrives several times at once', async () => {
    const bytes = Buffer.concat([audioFixture('no-xing-header.mp3'), Buffer.from('same')]);
    const before = await songCount();
    const answers = await Promise.all([1, 2, 3, 4].map((n) => send(`copy ${n}.mp3`, bytes)));
    const outcomes = answers.map(
      (answer) => answer.json<{ data: { outcome: string } }>().data.outcome,
    );
    expect(outcomes.filter((outcome) => outcome === 'added')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(3);
    expect(await songCount()).toBe(before + 1);
  });
});

describe('a file browsers cannot play', () => {
  it.each([
    ['layer1.mp1', 'unsupported_codec', 'MPEG layer I audio cannot be played by browsers'],
    ['layer2.mp2', 'unsupported_codec', 'MPEG layer II audio cannot be played by browsers'],
    ['alac.m4a', 'unsupported_codec', 'ALAC (Apple Lossless) audio cannot be played by browsers'],
    ['speex.spx', 'unsupported_codec', 'Speex audio cannot be played by browsers'],
    ['gsm610.wav', 'unsupported_codec', 'GSM 6.10 audio cannot be played by browsers'],
    ['adpcm.wav', 'unsupported_codec', 'ADPCM audio cannot be played by browsers'],
    ['truncated-frame.mp3', 'unreadable_audio', 'The file is cut short'],
    ['bad-checksum.opus', 'unreadable_audio', 'The file is damaged'],
    ['pcm.aif', 'unsupported_codec', 'AIFF audio cannot be played by browsers'],
    ['not-audio.txt', 'unreadable_audio', 'could not be read as audio'],
  ])(
    '(%s) is refused with 415 naming why, and leaves no row and no file',
    async (name, code, words) => {
      const before = { songs: await songCount(), files: filesUnder(t.blobs.root).length };
      const response = await send(name, audioFixture(name));
      expect(response.statusCode, response.body).toBe(415);
      const body = response.json<{ code: string; message: string }>();
      expect(body.code).toBe(code);
      expect(body.message).toContain(words);
      expect(await songCount()).toBe(before.songs);
      expect(filesUnder(t.blobs.root)).toHaveLength(before.files);
    },
  );

  it('is refused by the song form when inspected', async () => {
    const response = await injectForm(
      t.app,
      { method: 'POST', url: '/api/admin/songs/inspect', headers: admin.headers },
      {
        audioFile: {
          filename: 'x.mp1',
          contentType: 'audio/mpeg',
          content: audioFixture('layer1.mp1'),
        },
      },
    );
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json<{ message: string }>().message).toContain('MPEG layer I audio');
  });

  it('is refused by the song form too', async () => {
    const response = await injectForm(
      t.app,
      { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
      {
        title: 'Old',
        artist: 'Broadcast',
        audioFile: {
          filename: 'x.mp2',
          contentType: 'audio/mpeg',
          content: audioFixture('layer2.mp2'),
        },
      },
    );
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json<{ code: string }>().code).toBe('unsupported_codec');
  });
});

describe('the library upload route', () => {
  it('is for administrators only', async () => {
    const bytes = audioFixture('tagged.opus');
    expect((await send('a.opus', bytes, {})).statusCode).toBe(401);
    expect((await send('a.opus', bytes, listener.headers)).statusCode).toBe(403);
  });

  it('answers 400 for a form without a file', async () => {
    const response = await injectForm(
      t.app,
      { method: 'POST', url: '/api/admin/library/uploads', headers: admin.headers },
      { title: 'no file' },
    );
    expect(response.statusCode, response.body).toBe(400);
  });
});
