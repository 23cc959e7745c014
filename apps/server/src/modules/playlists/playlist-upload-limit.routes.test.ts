import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { filesUnder, pngBytes } from '../../../test/media-files';
import { multipartBody } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';

// A server whose upload limit (about 1 KB) is below the cover limit.
let t: TestApp;
let user: CreatedUser;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_MB: '0.001' } });
  user = await createUser(t);
});
afterAll(() => t.close());

describe('POST /api/user/playlists over the upload limit', () => {
  it('answers 413 when the parser cuts the cover short, and keeps no partial file', async () => {
    const { payload, headers } = multipartBody({
      name: 'Cut short',
      coverImage: {
        filename: 'c.png',
        contentType: 'image/png',
        content: pngBytes('x'.repeat(4096)),
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/playlists',
      headers: { ...user.headers, ...headers },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      code: 'upload_too_large',
      message: 'The file is larger than the upload limit.',
    });
    expect(filesUnder(t.blobs.root)).toEqual([]);
    const rows = await t.database.db.selectFrom('playlists').select('id').execute();
    expect(rows).toEqual([]);
  });
});
