import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flacHeaderBytes } from '../../../test/audio-fixtures';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { mp3Bytes } from '../../../test/media-files';
import { multipartBody } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SongsRepository } from './songs.repository';

/**
 * Numbers a client or a file can choose are checked against what the columns hold, so that
 * neither database is asked to store a number it cannot (PostgreSQL's `integer` ends at 2^31 - 1).
 */
let t: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const TOO_LONG = 'Duration must be at most 24 hours';

describe('song durations', () => {
  it.each([86_401, 3e9, 1e12, Number.MAX_SAFE_INTEGER])(
    'refuses a typed duration of %d seconds with a field message, as JSON and as a form',
    async (duration) => {
      const { song } = await createSong(t);
      const json = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/songs/${song._id}`,
        headers: admin.headers,
        payload: { duration },
      });
      const { payload, headers } = multipartBody({ duration: String(duration) });
      const form = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/songs/${song._id}`,
        headers: { ...admin.headers, ...headers },
        payload,
      });
      for (const res of [json, form]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          code: 'invalid_input',
          message: TOO_LONG,
          errors: [{ field: 'duration', code: 'too_big', message: TOO_LONG }],
        });
      }
    },
  );

  it('keeps a typed duration of exactly 24 hours', async () => {
    const { song } = await createSong(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/songs/${song._id}`,
      headers: admin.headers,
      payload: { duration: 86_400 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.duration).toBe(86_400);
  });

  it('does not take a duration beyond 24 hours from a file that claims one', async () => {
    // 2^31 - 1 samples at 1 Hz: a header that claims 68 years.
    const liar = flacHeaderBytes(2 ** 31 - 1, 1);
    const upload = (fields: Record<string, string>) => {
      const { payload, headers } = multipartBody({
        title: 'Endless',
        artist: 'Nobody',
        ...fields,
        audioFile: { filename: 'endless.flac', contentType: 'audio/flac', content: liar },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/songs',
        headers: { ...admin.headers, ...headers },
        payload,
      });
    };
    const inspectForm = multipartBody({
      audioFile: { filename: 'endless.flac', contentType: 'audio/flac', content: liar },
    });
    const inspected = await t.app.inject({
      method: 'POST',
      url: '/api/admin/songs/inspect',
      headers: { ...admin.headers, ...inspectForm.headers },
      payload: inspectForm.payload,
    });
    expect(inspected.statusCode).toBe(200);
    expect(inspected.json().data.duration).toBeNull();

    const untyped = await upload({});
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json().errors).toEqual([
      { field: 'duration', code: 'too_small', message: 'Duration must be at least 1 second' },
    ]);
    const typed = await upload({ duration: '240' });
    expect(typed.statusCode).toBe(201);
    expect(typed.json().data.duration).toBe(240);
  });
});

describe('audio byte counts', () => {
  it('stores the size of a file larger than 2 GiB on either database', async () => {
    const { row } = await createSong(t, { audio: mp3Bytes(2) });
    const songs = new SongsRepository(t.database.db);
    // Uploads may reach UPLOAD_MAX_MB = 10240 MB.
    const tenGigabytes = 10_240 * 1024 * 1024;
    await t.services.songWrites.update(row.id, { audioBytes: tenGigabytes });
    expect((await songs.findById(row.id))?.audioBytes).toBe(tenGigabytes);
  });
});
