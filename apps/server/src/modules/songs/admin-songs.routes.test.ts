import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseYearMessage, songFormMessages } from '@cadenza/contract/song-form';
import {
  flacHeaderBytes,
  TAGGED_MP3,
  taggedMp3,
  taggedMp3Cover,
  untaggedMp3,
  wavBytes,
} from '../../../test/audio-fixtures';
import { coverUrlOf } from '../../../test/covers';
import { createAdmin, createPlaylist, createUser, type CreatedUser } from '../../../test/factories';
import { filesUnder, pngBytes } from '../../../test/media-files';
import { injectForm, type FormFile } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
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

type Parts = Record<string, string | FormFile>;

function sendForm(method: 'POST' | 'PUT', url: string, parts: Parts, who: CreatedUser = admin) {
  return injectForm(t.app, { method, url, headers: who.headers }, parts);
}
const postSong = (parts: Parts, who?: CreatedUser) =>
  sendForm('POST', '/api/admin/songs', parts, who);
const putSong = (id: string, parts: Parts) => sendForm('PUT', `/api/admin/songs/${id}`, parts);
const inspect = (parts: Parts) => sendForm('POST', '/api/admin/songs/inspect', parts);

const audioFile = (content: Buffer, filename = 'song.mp3'): FormFile => ({
  filename,
  contentType: 'audio/mpeg',
  content,
});
const png = (variant: string): FormFile => ({
  filename: 'cover.png',
  contentType: 'image/png',
  content: pngBytes(variant),
});
const keyOf = (url: string) => url.replace(/^\/media\//, '').split('?')[0] ?? '';

async function songRow(id: string) {
  return t.database.db.selectFrom('songs').selectAll().where('id', '=', id).executeTakeFirst();
}
async function songCount(): Promise<number> {
  const row = await t.database.db
    .selectFrom('songs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
async function nothingNewAfter(run: () => Promise<void>) {
  const before = { files: filesUnder(t.blobs.root), rows: await songCount() };
  await run();
  expect(filesUnder(t.blobs.root)).toEqual(before.files);
  expect(await songCount()).toBe(before.rows);
}

describe('POST /api/admin/songs', () => {
  it('fills every field from a tagged file alone, embedded cover included', async () => {
    const res = await postSong({ audioFile: audioFile(taggedMp3()) });
    expect(res.statusCode).toBe(201);
    const song = res.json().data;
    expect(song).toEqual({
      _id: expect.any(String),
      title: TAGGED_MP3.title,
      artist: TAGGED_MP3.artist,
      album: TAGGED_MP3.album,
      genre: TAGGED_MP3.genre,
      releaseYear: TAGGED_MP3.releaseYear,
      duration: TAGGED_MP3.duration,
      coverImage: await coverUrlOf(t, taggedMp3Cover()),
      audioFile: expect.stringMatching(/^\/media\/audio\/[0-9a-f-]+\?expires=\d+&signature=/),
      createdAt: expect.any(String),
      albumId: expect.any(String),
      artists: [{ _id: expect.any(String), name: TAGGED_MP3.artist, role: 'main' }],
      displayArtist: TAGGED_MP3.artist,
      trackNumber: TAGGED_MP3.trackNumber,
      discNumber: null,
      durationMs: expect.any(Number),
      replayGain: { trackGain: null, trackPeak: null, albumGain: null, albumPeak: null },
      // The tag genre as the file writes it, beside the one of the seven it is filed under.
      genres: [{ _id: expect.any(String), name: TAGGED_MP3.genre }],
    });
    // The exact length, of which `duration` is the whole seconds.
    expect(Math.round(song.durationMs / 1000)).toBe(TAGGED_MP3.duration);
    expect(song.durationMs).not.toBe(TAGGED_MP3.duration * 1000);
    const row = await songRow(song._id);
    expect(row).toMatchObject({ audio_mime: 'audio/mpeg', audio_bytes: taggedMp3().length });
    const stored = fs.readFileSync(path.join(t.blobs.root, keyOf(song.audioFile)));
    expect(stored.equals(taggedMp3())).toBe(true);
    const audio = await t.app.inject({ url: song.audioFile });
    expect(audio.statusCode).toBe(200);
  });

  it("prefers the admin's values to the file's tags", async () => {
    const res = await postSong({
      title: 'My title',
      artist: 'My artist',
      album: 'My album',
      genre: 'Jazz',
      releaseYear: '1999',
      duration: '200',
      coverImage: png('admin cover'),
      audioFile: audioFile(taggedMp3()),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      title: 'My title',
      artist: 'My artist',
      album: 'My album',
      genre: 'jazz',
      releaseYear: 1999,
      duration: 200,
      coverImage: await coverUrlOf(t, pngBytes('admin cover')),
    });
  });

  it('measures the duration when the admin leaves it at 0 (docs/product.md §10.12)', async () => {
    const res = await postSong({
      title: 'Untagged',
      artist: 'Someone',
      duration: '0',
      audioFile: audioFile(untaggedMp3()),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      title: 'Untagged',
      album: null,
      genre: 'pop',
      releaseYear: new Date().getFullYear(),
      duration: TAGGED_MP3.duration,
      coverImage: '/media/defaults/song.jpg',
    });
  });

  it('accepts a WAV, recognised by its bytes whatever its name', async () => {
    const res = await postSong({
      title: 'Tone',
      artist: 'Generator',
      audioFile: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: wavBytes(2) },
    });
    expect(res.statusCode).toBe(201);
    const song = res.json().data;
    expect(song.duration).toBe(2);
    expect(song.audioFile).toMatch(/^\/media\/audio\/[0-9a-f-]+\?/);
    expect((await songRow(song._id))?.audio_mime).toBe('audio/wav');
    const served = await t.app.inject({ method: 'HEAD', url: song.audioFile });
    expect(served.headers['content-type']).toBe('audio/wav');
  });

  it('refuses an untagged file without title and artist, leaving nothing behind', async () => {
    await nothingNewAfter(async () => {
      const res = await postSong({ audioFile: audioFile(untaggedMp3()) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'invalid_input',
        message: songFormMessages.titleRequired,
        errors: [
          { field: 'title', code: 'required', message: songFormMessages.titleRequired },
          { field: 'artist', code: 'required', message: songFormMessages.artistRequired },
        ],
      });
    });
  });

  it('refuses a file that is not audio with 415, leaving nothing behind', async () => {
    await nothingNewAfter(async () => {
      const res = await postSong({
        title: 'Fake',
        artist: 'Fake',
        coverImage: png('with a fake song'),
        audioFile: audioFile(Buffer.from('this is only text, with an .mp3 name')),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        success: false,
        code: 'unsupported_file_type',
        message: songFormMessages.audioType,
      });
    });
  });

  it('requires an audio file', async () => {
    await nothingNewAfter(async () => {
      const res = await postSong({ title: 'No file', artist: 'Nobody', coverImage: png('alone') });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'audio_required',
        message: songFormMessages.audioRequired,
        errors: [
          { field: 'audioFile', code: 'audio_required', message: songFormMessages.audioRequired },
        ],
      });
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/songs',
      headers: admin.headers,
      payload: { title: 'JSON', artist: 'Body' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(songFormMessages.audioRequired);
  });

  it('never takes a JSON value, or a text field, for a stored file', async () => {
    const forged: Array<[string, unknown]> = [
      ['audioFile', 'audio/0190a0a0-0000-7000-8000-000000000000'],
      ['audioFile', { key: 'audio/0190a0a0-0000-7000-8000-000000000000' }],
      ['coverImage', { key: 'images/x', sha256: 'a'.repeat(64), mime: 'image/png', bytes: 1 }],
    ];
    for (const [field, value] of forged) {
      await nothingNewAfter(async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/admin/songs',
          headers: admin.headers,
          payload: { title: 'Forged', artist: 'Nobody', [field]: value },
        });
        expect(res.statusCode, field).toBe(400);
        expect(res.json()).toMatchObject({ code: 'invalid_input', errors: [{ field }] });
      });
    }
    await nothingNewAfter(async () => {
      const res = await postSong({
        title: 'Forged',
        artist: 'Nobody',
        audioFile: audioFile(taggedMp3()),
        coverImage: 'images/x',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ field: 'coverImage' }] });
    });
  });

  it('checks the fields with the form messages, before anything is kept', async () => {
    const nextYear = new Date().getFullYear() + 1;
    const cases: Array<[Parts, string, string]> = [
      [{ releaseYear: '1899' }, 'releaseYear', releaseYearMessage()],
      [{ releaseYear: String(nextYear) }, 'releaseYear', releaseYearMessage()],
      [{ releaseYear: 'soon' }, 'releaseYear', releaseYearMessage()],
      [{ duration: '-3' }, 'duration', songFormMessages.durationTooShort],
      [{ duration: 'long' }, 'duration', songFormMessages.durationTooShort],
      [{ genre: 'polka' }, 'genre', songFormMessages.genreInvalid],
      [{ title: 'x'.repeat(201) }, 'title', songFormMessages.titleTooLong],
    ];
    expect(releaseYearMessage()).toBe(
      `Release year must be between 1900 and ${new Date().getFullYear()}`,
    );
    for (const [fields, field, message] of cases) {
      await nothingNewAfter(async () => {
        const res = await postSong({ ...fields, audioFile: audioFile(taggedMp3()) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          code: 'invalid_input',
          message,
          errors: [{ field, code: expect.any(String), message }],
        });
      });
    }
  });

  it('is for administrators only', async () => {
    await nothingNewAfter(async () => {
      const res = await postSong({ audioFile: audioFile(taggedMp3()) }, listener);
      expect(res.statusCode).toBe(403);
    });
  });
});

describe('POST /api/admin/songs/inspect', () => {
  it('answers the fields a tagged file fills and a preview of its cover as a data URL, storing nothing', async () => {
    await nothingNewAfter(async () => {
      const res = await inspect({ audioFile: audioFile(taggedMp3()) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          title: TAGGED_MP3.title,
          artist: TAGGED_MP3.artist,
          album: TAGGED_MP3.album,
          genre: TAGGED_MP3.genre,
          releaseYear: TAGGED_MP3.releaseYear,
          duration: TAGGED_MP3.duration,
          coverImage: expect.stringMatching(/^data:image\/webp;base64,/),
          coverNote: null,
        },
      });
    });
  });

  it('answers nulls for what an untagged file does not say, and its measured duration', async () => {
    const res = await inspect({ audioFile: audioFile(wavBytes(3), 'tone.wav') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      title: null,
      artist: null,
      album: null,
      genre: null,
      releaseYear: null,
      duration: 3,
      coverImage: null,
      coverNote: null,
    });
  });

  it('recognises a FLAC by its bytes and reads its duration', async () => {
    const res = await inspect({ audioFile: audioFile(flacHeaderBytes(5), 'track.mp3') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: null, duration: 5 });
  });

  it('refuses a file that is not audio (415) and a form without one (400)', async () => {
    await nothingNewAfter(async () => {
      const wrong = await inspect({ audioFile: { ...png('x'), filename: 'x.mp3' } });
      expect(wrong.statusCode).toBe(415);
      expect(wrong.json().message).toBe(songFormMessages.audioType);
      const missing = await inspect({ title: 'no file' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(songFormMessages.audioRequired);
    });
  });
});

describe('GET /api/admin/songs', () => {
  it('pages through every song, newest first', async () => {
    const all: string[] = [];
    let cursor: string | undefined;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const res = await t.app.inject({ url: `/api/admin/songs${query}`, headers: admin.headers });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.length).toBeLessThanOrEqual(2);
      all.push(...body.data.map((song: { _id: string }) => song._id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(all.length).toBe(await songCount());
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('PUT /api/admin/songs/:id', () => {
  it('changes the fields sent and keeps the audio file without a new one', async () => {
    const { song } = await createSong(t, { title: 'Before', genre: 'rock' });
    const res = await putSong(song._id, {
      title: 'After',
      artist: '',
      genre: 'electronic',
      duration: '0',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ...song,
      title: 'After',
      genre: 'electronic',
      audioFile: expect.any(String),
    });
    expect(keyOf(res.json().data.audioFile)).toBe(keyOf(song.audioFile));
    expect(await t.blobs.head(keyOf(song.audioFile))).not.toBeNull();
  });

  it('replaces the audio file and removes the old one; a new cover replaces the old one', async () => {
    const { song } = await createSong(t, { title: 'Old', cover: pngBytes('old cover') });
    const oldAudio = keyOf(song.audioFile);
    const oldCover = keyOf(song.coverImage);
    const res = await putSong(song._id, {
      duration: '',
      coverImage: png('new cover'),
      audioFile: audioFile(wavBytes(4), 'new.wav'),
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data;
    expect(updated).toMatchObject({ title: 'Old', duration: 4 });
    expect(keyOf(updated.audioFile)).not.toBe(oldAudio);
    expect((await songRow(song._id))?.audio_mime).toBe('audio/wav');
    expect(updated.coverImage).toBe(await coverUrlOf(t, pngBytes('new cover')));
    expect(await t.blobs.head(oldAudio)).toBeNull();
    expect(await t.blobs.head(oldCover)).toBeNull();
    expect(await t.blobs.head(keyOf(updated.audioFile))).not.toBeNull();
  });

  it('keeps everything as it was when the edit is refused', async () => {
    const { song } = await createSong(t);
    await nothingNewAfter(async () => {
      const res = await putSong(song._id, {
        releaseYear: '1800',
        audioFile: audioFile(taggedMp3()),
      });
      expect(res.statusCode).toBe(400);
    });
    const row = await songRow(song._id);
    expect(row?.audio_key).toBe(keyOf(song.audioFile));
    expect(await t.blobs.head(keyOf(song.audioFile))).not.toBeNull();
  });

  it('answers 404 for an unknown song, keeping no upload', async () => {
    await nothingNewAfter(async () => {
      const res = await putSong('0190a0a0-0000-7000-8000-000000000000', {
        title: 'Ghost',
        audioFile: audioFile(taggedMp3()),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        code: 'song_not_found',
        message: 'Song not found.',
      });
    });
  });
});

describe('DELETE /api/admin/songs/:id', () => {
  it('removes the song, its files and every like, save, play and playlist entry', async () => {
    const { song, row } = await createSong(t, { cover: pngBytes('own cover') });
    const kept = await createSong(t);
    for (const action of ['like', 'save', 'play']) {
      const method = action === 'play' ? 'POST' : 'PUT';
      const res = await t.app.inject({
        method,
        url: `/api/user/songs/${song._id}/${action}`,
        headers: listener.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    const playlist = await createPlaylist(t, listener, { songIds: [song._id, kept.song._id] });

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/songs/${song._id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Song deleted.' });
    expect(await songRow(song._id)).toBeUndefined();
    expect(await t.blobs.head(row.audio_key)).toBeNull();
    expect(await t.blobs.head(row.cover_key ?? '')).toBeNull();
    for (const table of ['likes', 'saves', 'plays', 'playlist_songs'] as const) {
      const left = await t.database.db
        .selectFrom(table)
        .select('song_id')
        .where('song_id', '=', song._id)
        .execute();
      expect(left).toEqual([]);
    }
    const opened = await t.app.inject({
      url: `/api/user/playlists/${playlist}`,
      headers: listener.headers,
    });
    expect(opened.json().data.songs.map((s: { _id: string }) => s._id)).toEqual([kept.song._id]);
    const positions = await t.database.db
      .selectFrom('playlist_songs')
      .select('position')
      .where('playlist_id', '=', playlist)
      .execute();
    expect(positions).toEqual([{ position: 1 }]);
  });

  it('keeps a cover that another song still uses', async () => {
    const first = await createSong(t, { cover: pngBytes('shared') });
    const second = await createSong(t, { cover: pngBytes('shared') });
    expect(first.row.cover_key).toBe(second.row.cover_key);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/songs/${first.song._id}`,
      headers: admin.headers,
    });
    expect(await t.blobs.head(first.row.cover_key ?? '')).not.toBeNull();
  });

  it('answers 404 for an unknown song', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/songs/0190a0a0-0000-7000-8000-000000000000',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'song_not_found',
      message: 'Song not found.',
    });
  });
});
