import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/general/songs', () => {
  it('answers an empty list when there are no songs', async () => {
    const res = await t.app.inject({ url: '/api/general/songs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: [] });
  });

  it('answers the songs newest first to visitors, with cover URLs that load', async () => {
    const older = await createSong(t, { createdAt: '2025-01-01T00:00:00.000Z' });
    const newer = await createSong(t, { createdAt: '2025-02-01T00:00:00.000Z' });
    const res = await t.app.inject({ url: '/api/general/songs' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((song: { _id: string }) => song._id)).toEqual([
      newer.song._id,
      older.song._id,
    ]);
    expect(body.nextCursor).toBeUndefined();
    const cover = await t.app.inject({ url: body.data[0].coverImage });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
  });

  it('pages with limit and cursor, and rejects a bad one with 400', async () => {
    const first = await t.app.inject({ url: '/api/general/songs?limit=1' });
    expect(first.json().data).toHaveLength(1);
    const cursor = first.json().nextCursor;
    expect(typeof cursor).toBe('string');
    const second = await t.app.inject({ url: `/api/general/songs?limit=1&cursor=${cursor}` });
    expect(second.json().data).toHaveLength(1);
    expect(second.json().data[0]._id).not.toBe(first.json().data[0]._id);
    expect(second.json().nextCursor).toBeUndefined();

    const bad = await t.app.inject({ url: '/api/general/songs?cursor=%%%' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });
});
