import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactBodySchema } from '@cadenza/contract/support';
import { withoutControlCharacters } from '@cadenza/contract/validation';
import { untaggedMp3 } from '../test/audio-fixtures';
import { createAdmin, createSong, createUser, type CreatedUser } from '../test/factories';
import { injectForm } from '../test/multipart';
import { createApiKey, restJson } from '../test/subsonic';
import { id3Frame, id3Tag } from '../test/tag-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Names, titles and messages are kept without control characters (tab and line feed aside),
 * terminal escape sequences or bidirectional overrides, whether a person typed them or a file's
 * tags said them: no JSON answer carries one.
 */

/** Everything that must not reach an answer: escapes, C0 (bar tab, LF), DEL, C1, bidi controls. */
const HOSTILE = '\u001b[31m\u001b]0;owned\u0007\r\u0008\u007f\u0085\u009b2J\u202e\u2066';
function isControl(code: number): boolean {
  return (
    (code <= 0x1f && code !== 0x09 && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** The strings of a parsed answer that hold a control character. */
function controlledStrings(value: unknown): string[] {
  if (typeof value === 'string') {
    return [...value].some((char) => isControl(char.codePointAt(0) ?? 0)) ? [value] : [];
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(controlledStrings);
}

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
});
afterAll(() => t.close());

describe('withoutControlCharacters', () => {
  it('drops controls and whole escape sequences, and keeps tab, line feed and the rest', () => {
    expect(withoutControlCharacters(`Red${HOSTILE} Song`)).toBe('Red Song');
    expect(withoutControlCharacters('a\u001b[1;31mb\u001b[0m\u009b?25lc')).toBe('abc');
    expect(withoutControlCharacters('one\ttwo\nthree')).toBe('one\ttwo\nthree');
    expect(withoutControlCharacters('Beyoncé — 東京 \u200fשלום\u200e')).toBe(
      'Beyoncé — 東京 \u200fשלום\u200e',
    );
    expect(withoutControlCharacters('song\u202egpj.exe')).toBe('songgpj.exe');
  });
});

describe('text typed in', () => {
  it('is kept clean in names, playlists and song fields, on the web API and /rest', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: `Mal${HOSTILE}lory`,
        email: 'mallory@example.com',
        password: 'a-long-password',
      },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().user.name).toBe('Mallory');

    const playlist = await t.app.inject({
      method: 'POST',
      url: '/api/user/playlists',
      headers: listener.headers,
      payload: { name: `Mix${HOSTILE}tape`, description: `Line one${HOSTILE}\n\tLine two` },
    });
    expect(playlist.statusCode).toBe(201);
    expect(playlist.json().data).toMatchObject({
      name: 'Mixtape',
      description: 'Line one\n\tLine two',
    });
    const onlyControls = await t.app.inject({
      method: 'POST',
      url: '/api/user/playlists',
      headers: listener.headers,
      payload: { name: HOSTILE },
    });
    expect(onlyControls.statusCode).toBe(400);

    const key = await createApiKey(t, listener);
    const viaRest = await restJson(t, 'createPlaylist', { apiKey: key, name: `Phone${HOSTILE}` });
    expect((viaRest.playlist as { name: string }).name).toBe('Phone');

    const song = await createSong(t);
    const edited = await injectForm(
      t.app,
      { method: 'PUT', url: `/api/admin/songs/${song.id}`, headers: admin.headers },
      { title: `Ti${HOSTILE}tle`, artist: `Art${HOSTILE}ist`, album: `Al${HOSTILE}bum` },
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Title', artist: 'Artist', album: 'Album' });

    const lists = await Promise.all([
      t.app.inject({ url: '/api/user/playlists', headers: listener.headers }),
      t.app.inject({ url: '/api/admin/users', headers: admin.headers }),
      t.app.inject({ url: '/api/user/songs', headers: listener.headers }),
    ]);
    for (const answer of lists) {
      expect(answer.statusCode).toBe(200);
      expect(controlledStrings(answer.json())).toEqual([]);
    }
  });

  it('is kept clean in support messages', () => {
    const parsed = contactBodySchema.parse({
      name: `Eve${HOSTILE}`,
      email: 'eve@example.com',
      subject: `Help${HOSTILE}`,
      message: `It${HOSTILE} broke\n\tbadly`,
      issueType: 'account',
    });
    expect(parsed).toMatchObject({ name: 'Eve', subject: 'Help', message: 'It broke\n\tbadly' });
  });
});

describe('text read from files', () => {
  /** An ID3v2.4 text frame in UTF-8, which can carry any character. */
  const utf8Frame = (id: string, text: string) =>
    id3Frame(4, id, Buffer.concat([Buffer.from([3]), Buffer.from(text, 'utf8')]));

  function upload(filename: string, content: Buffer) {
    return injectForm(
      t.app,
      { method: 'POST', url: '/api/admin/library/uploads', headers: admin.headers },
      { file: { filename, contentType: 'application/octet-stream', content } },
    );
  }

  it('keeps tags without control characters, and no answer carries one', async () => {
    const tag = id3Tag(4, [
      utf8Frame('TIT2', `Night${HOSTILE} Drive`),
      utf8Frame('TPE1', `The${HOSTILE} Band`),
      utf8Frame('TALB', `Road${HOSTILE}s`),
      utf8Frame('TCON', `Rock${HOSTILE}`),
    ]);
    const res = await upload('tagged.mp3', Buffer.concat([tag, untaggedMp3()]));
    expect(res.statusCode, res.body).toBe(201);
    const { song } = res.json().data as { song: { _id: string; albumId?: string } };
    expect(song).toMatchObject({ title: 'Night Drive', artist: 'The Band', album: 'Roads' });
    expect(controlledStrings(res.json())).toEqual([]);

    const answers = await Promise.all([
      t.app.inject({ url: '/api/user/songs', headers: listener.headers }),
      t.app.inject({ url: `/api/user/albums/${song.albumId ?? ''}`, headers: listener.headers }),
      t.app.inject({ url: '/api/user/artists', headers: listener.headers }),
      t.app.inject({ url: '/api/user/albums', headers: listener.headers }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(controlledStrings(answer.json())).toEqual([]);
    }
  });

  it('keeps a title taken from a file name without control characters', async () => {
    const res = await upload(`07 - Quiet\u001b[2J${'\u202e'}Song.mp3`, untaggedMp3());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.song.title).toBe('07 - QuietSong');
  });
});
