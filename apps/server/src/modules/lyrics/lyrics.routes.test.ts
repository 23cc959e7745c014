import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LYRICS_BYTES, lyricsMessages, type SongLyrics } from '@cadenza/contract/lyrics';
import { untaggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { injectForm, type FormFile } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
import { createApiKey, restBoth, restJson, rest } from '../../../test/subsonic';
import {
  apeTag,
  FLAC_VORBIS_COMMENT,
  flacWithMetadata,
  id3LyricsFrame,
  id3SyncedLyricsFrame,
  id3Tag,
  mp4WithLyrics,
  vorbisComment,
} from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/audio', name));

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
let apiKey: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
  apiKey = await createApiKey(t, listener);
});
afterAll(() => t.close());

async function upload(file: FormFile): Promise<string> {
  const res = await injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
    { title: file.filename, artist: 'Singer', audioFile: file },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { _id: string } }>().data._id;
}

const mp3 = (frames: Buffer[], name = 'song.mp3'): FormFile => ({
  filename: name,
  contentType: 'audio/mpeg',
  content: frames.length === 0 ? untaggedMp3() : Buffer.concat([id3Tag(3, frames), untaggedMp3()]),
});

async function lyricsOf(songId: string, who: CreatedUser = listener): Promise<SongLyrics | null> {
  const res = await t.app.inject({ url: `/api/user/songs/${songId}/lyrics`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { lyrics: SongLyrics | null } }>().data.lyrics;
}

type Node = Record<string, unknown>;
async function structured(songId: string): Promise<Node[]> {
  const answer = await restBoth(t, 'getLyricsBySongId', { apiKey, c: 'test', id: `tr-${songId}` });
  return (answer.lyricsList as Node).structuredLyrics as Node[];
}

const LRC = '[ar:Singer]\n[00:01.50]First line\n[00:03.00]Second line';

describe('lyrics read at import', () => {
  it('reads plain lyrics from an MP3’s USLT frame', async () => {
    const id = await upload(mp3([id3LyricsFrame('Just words\nMore words')]));
    expect(await lyricsOf(id)).toMatchObject({
      synced: false,
      source: 'embedded',
      language: 'eng',
      lines: [
        { start: null, value: 'Just words' },
        { start: null, value: 'More words' },
      ],
    });
    expect(await structured(id)).toEqual([
      expect.objectContaining({
        synced: false,
        lang: 'eng',
        line: [{ value: 'Just words' }, { value: 'More words' }],
      }),
    ]);
  });

  it('reads synced lyrics from an MP3’s SYLT frame', async () => {
    const id = await upload(
      mp3([
        id3SyncedLyricsFrame([
          [1200, 'Hello'],
          [2500, 'World'],
        ]),
      ]),
    );
    expect(await lyricsOf(id)).toMatchObject({
      synced: true,
      lines: [
        { start: 1200, value: 'Hello' },
        { start: 2500, value: 'World' },
      ],
    });
    const [first] = await structured(id);
    expect(first).toMatchObject({
      synced: true,
      offset: 0,
      line: [
        { start: 1200, value: 'Hello' },
        { start: 2500, value: 'World' },
      ],
    });
  });

  it('reads LRC text in a FLAC’s LYRICS comment as synced lyrics', async () => {
    const flac = flacWithMetadata(fixture('streamed.flac'), [
      [FLAC_VORBIS_COMMENT, vorbisComment({ TITLE: 'Flac Song', LYRICS: LRC })],
    ]);
    const id = await upload({ filename: 'song.flac', contentType: 'audio/flac', content: flac });
    expect(await lyricsOf(id)).toMatchObject({
      synced: true,
      lines: [
        { start: 1500, value: 'First line' },
        { start: 3000, value: 'Second line' },
      ],
    });
  });

  it('reads an M4A’s ©lyr atom', async () => {
    const m4a = mp4WithLyrics(fixture('aac-lc.m4a'), 'Line one\nLine two');
    const id = await upload({ filename: 'song.m4a', contentType: 'audio/mp4', content: m4a });
    expect(await lyricsOf(id)).toMatchObject({
      synced: false,
      lines: [{ value: 'Line one' }, { value: 'Line two' }],
    });
  });

  it('answers null, and an empty list over /rest, for a song without lyrics', async () => {
    const id = await upload(mp3([]));
    expect(await lyricsOf(id)).toBeNull();
    expect(await structured(id)).toEqual([]);
  });

  it('reads the file of a song written before lyrics were kept, once, when asked', async () => {
    const { song } = await createSong(t, {
      audio: Buffer.concat([id3Tag(3, [id3LyricsFrame(LRC)]), untaggedMp3()]),
    });
    expect((await lyricsOf(song._id))?.lines).toHaveLength(2);
    const row = await t.database.db
      .selectFrom('songs')
      .select('lyrics_read')
      .where('id', '=', song._id)
      .executeTakeFirstOrThrow();
    expect(row.lyrics_read).toBe(1);
  });

  it('keeps enhanced LRC word timings and applies the offset', async () => {
    const enhanced = '[offset:500]\n[00:10.00]<00:10.00>Word <00:10.50>by <00:11.00>word';
    const id = await upload(mp3([id3LyricsFrame(enhanced)]));
    expect(await lyricsOf(id)).toMatchObject({
      synced: true,
      offsetMs: 500,
      lines: [
        {
          start: 9500,
          value: 'Word by word',
          words: [
            { start: 9500, value: 'Word ' },
            { start: 10000, value: 'by ' },
            { start: 10500, value: 'word' },
          ],
        },
      ],
    });
    // Apps apply the offset themselves: the lines keep their times.
    expect((await structured(id))[0]).toMatchObject({ offset: 500, line: [{ start: 10000 }] });
  });

  // Vorbis comments, MP4's ©lyr and APE items hold lyrics as text: read as written, like a .lrc.
  const flacWithLyrics = (lyrics: string, tag = 'LYRICS'): FormFile => ({
    filename: 'song.flac',
    contentType: 'audio/flac',
    content: flacWithMetadata(fixture('streamed.flac'), [
      [FLAC_VORBIS_COMMENT, vorbisComment({ TITLE: 'Flac Song', [tag]: lyrics })],
    ]),
  });

  it('keeps the offset, word timings and every way of writing a time of LRC in a FLAC', async () => {
    const lrc =
      '[offset:500]\n[00:01]Whole seconds\n[0:02.5]One digit\n[00:03.00]<00:03.00>Two <00:03.50>words';
    const id = await upload(flacWithLyrics(lrc));
    expect(await lyricsOf(id)).toMatchObject({
      synced: true,
      offsetMs: 500,
      lines: [
        { start: 500, value: 'Whole seconds' },
        { start: 2000, value: 'One digit' },
        { start: 2500, value: 'Two words', words: [{ start: 2500 }, { start: 3000 }] },
      ],
    });
    expect((await structured(id))[0]).toMatchObject({ offset: 500, synced: true });
  });

  it('keeps LRC with a malformed time in a FLAC as plain text, every line of it', async () => {
    const id = await upload(flacWithLyrics('[00:01.00]Fine\n[1:2x.00]Broken', 'UNSYNCEDLYRICS'));
    expect(await lyricsOf(id)).toMatchObject({
      synced: false,
      lines: [{ value: '[00:01.00]Fine' }, { value: '[1:2x.00]Broken' }],
    });
  });

  it('reads LRC in an M4A’s ©lyr atom with its offset', async () => {
    const m4a = mp4WithLyrics(fixture('aac-lc.m4a'), '[offset:-250]\n[00:04.00]Late line');
    const id = await upload({ filename: 'song.m4a', contentType: 'audio/mp4', content: m4a });
    expect(await lyricsOf(id)).toMatchObject({
      synced: true,
      offsetMs: -250,
      lines: [{ start: 4250, value: 'Late line' }],
    });
  });

  it('reads an APEv2 Lyrics item at the end of an MP3', async () => {
    const tagged: FormFile = {
      filename: 'song.mp3',
      contentType: 'audio/mpeg',
      content: Buffer.concat([
        untaggedMp3(),
        apeTag({ Title: 'Ape Song', Lyrics: '[00:02.00]Ape line' }),
      ]),
    };
    const id = await upload(tagged);
    expect(await lyricsOf(id)).toMatchObject({
      synced: true,
      lines: [{ start: 2000, value: 'Ape line' }],
    });
    expect((await structured(id))[0]).toMatchObject({
      synced: true,
      line: [{ start: 2000, value: 'Ape line' }],
    });
  });
});

describe('lyrics by hand', () => {
  it('lets an admin paste lyrics, which come before the file’s, and remove them', async () => {
    const id = await upload(mp3([id3LyricsFrame('From the file')]));
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/songs/${id}/lyrics`,
      headers: admin.headers,
      payload: { text: '[00:02.00]Pasted' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ source: 'edited', synced: true });
    expect(await lyricsOf(id)).toMatchObject({ source: 'edited', lines: [{ value: 'Pasted' }] });
    expect(await structured(id)).toHaveLength(2);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/songs/${id}/lyrics`,
      headers: admin.headers,
    });
    expect(removed.json()).toEqual({ success: true, message: lyricsMessages.removed });
    expect(await lyricsOf(id)).toBeNull();
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/songs/${id}/lyrics`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'lyrics_not_found' });
  });

  it('takes edits sent at once in turn: each answered, one kept', async () => {
    const id = await upload(mp3([id3LyricsFrame('From the file')]));
    const texts = Array.from({ length: 6 }, (_, n) => `Version ${n}`);
    const answers = await Promise.all(
      texts.map((text) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/admin/songs/${id}/lyrics`,
          headers: admin.headers,
          payload: { text },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(texts.map(() => 200));
    const kept = await lyricsOf(id);
    expect(kept?.source).toBe('edited');
    expect(texts).toContain(kept?.lines[0]?.value);
    // The file's lyrics and one edit: never two edits.
    expect(await structured(id)).toHaveLength(2);
  });

  it('refuses listeners, unknown songs and lyrics over 256 KB, never with a 500', async () => {
    const id = await upload(mp3([]));
    const put = (payload: unknown, who: CreatedUser = admin, songId = id) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/songs/${songId}/lyrics`,
        headers: who.headers,
        payload: payload as object,
      });
    expect((await put({ text: 'x' }, listener)).statusCode).toBe(403);
    const unknown = await put({ text: 'x' }, admin, '01234567-89ab-7def-8123-456789abcdef');
    expect(unknown.statusCode).toBe(404);
    const tooLarge = await put({ text: 'é'.repeat(MAX_LYRICS_BYTES / 2 + 1) });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toContain(lyricsMessages.tooLarge);
    const empty = await put({ text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(lyricsMessages.required);
    expect((await put({})).statusCode).toBe(400);
    expect(await lyricsOf(id)).toBeNull();
  });

  it('keeps LRC with a malformed time as plain text', async () => {
    const id = await upload(mp3([]));
    const text = '[00:01.00]Fine\n[1:2x.00]Broken';
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/songs/${id}/lyrics`,
      headers: admin.headers,
      payload: { text },
    });
    expect(await lyricsOf(id)).toMatchObject({
      synced: false,
      lines: [{ value: '[00:01.00]Fine' }, { value: '[1:2x.00]Broken' }],
    });
  });

  it('answers HTML in lyrics as text: in JSON as written, escaped in XML', async () => {
    const id = await upload(mp3([]));
    const html = '<script>alert(1)</script> & <b>bold</b>';
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/songs/${id}/lyrics`,
      headers: admin.headers,
      payload: { text: html },
    });
    expect((await lyricsOf(id))?.lines).toEqual([{ start: null, value: html }]);
    const params = { apiKey, c: 'test', id: `tr-${id}` };
    const xml = await rest(t, 'getLyricsBySongId', params);
    expect(xml.body).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
    );
    expect(xml.body).not.toContain('<script>');
    const json = await restJson(t, 'getLyricsBySongId', params);
    expect(JSON.stringify(json)).toContain('<script>alert(1)</script>');
  });
});
