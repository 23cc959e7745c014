import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareMessages } from '@cadenza/contract/shares';
import { createAdmin, createPlaylist, createUser, type CreatedUser } from '../../../test/factories';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Shares: made and ended by their owner, opened and played by visitors without an account. */

let t: TestApp;
let now = new Date('2026-11-30T12:00:00.000Z');
let owner: CreatedUser;
let stranger: CreatedUser;
let songs: CreatedSong[];

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  await createAdmin(t);
  owner = await createUser(t, { name: 'Maya' });
  stranger = await createUser(t);
  songs = [];
  for (const title of ['First light', 'Second wind']) {
    songs.push(await createSong(t, { title, artist: 'Share Band', album: 'Shared Album' }));
  }
});
afterAll(() => t.close());

async function share(payload: Record<string, unknown>, user = owner) {
  return t.app.inject({ method: 'POST', url: '/api/user/shares', headers: user.headers, payload });
}

async function created(payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await share(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Record<string, unknown>;
}

const visit = (id: string) => t.app.inject({ url: `/api/shares/${id}` });

describe('shares', () => {
  it('gives a visitor the songs with playable audio, and counts views and plays', async () => {
    const made = await created({
      kind: 'songs',
      itemIds: songs.map((song) => song.song._id),
      description: 'For the road',
    });
    expect(made).toMatchObject({
      kind: 'songs',
      title: 'First light and 1 more',
      path: `/share/${String(made._id)}`,
      viewCount: 0,
      playCount: 0,
    });
    expect(String(made._id)).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const page = await visit(String(made._id));
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const data = page.json().data;
    expect(data).toMatchObject({ sharedBy: 'Maya', description: 'For the road' });
    expect(data.songs.map((song: { title: string }) => song.title)).toEqual([
      'First light',
      'Second wind',
    ]);
    // The audio URL plays without a session.
    const audio = await t.app.inject({ url: data.songs[0].audioFile });
    expect(audio.statusCode).toBe(200);

    const played = await t.app.inject({
      method: 'POST',
      url: `/api/shares/${String(made._id)}/plays`,
      payload: { songId: songs[1]!.song._id },
    });
    expect(played.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/user/shares', headers: owner.headers });
    expect(list.json().data[0]).toMatchObject({ viewCount: 1, playCount: 1 });
    expect(list.json().data[0].lastViewedAt).toBe(now.toISOString());
  });

  it('shares an album and a playlist by their names', async () => {
    const album = await created({ kind: 'album', itemIds: [songs[0]!.song.albumId] });
    expect(album.title).toBe('Shared Album');
    const playlistId = await createPlaylist(t, owner, {
      name: 'Evening',
      songIds: [songs[1]!.song._id],
    });
    const playlist = await created({ kind: 'playlist', itemIds: [playlistId] });
    expect(playlist.title).toBe('Evening');
    const page = (await visit(String(playlist._id))).json().data;
    expect(page.songs.map((song: { _id: string }) => song._id)).toEqual([songs[1]!.song._id]);
  });

  it('answers an expired share with 410, and a revoked, guessed or tampered one with 404', async () => {
    const made = await created({
      kind: 'songs',
      itemIds: [songs[0]!.song._id],
      expiresAt: '2026-11-30T13:00:00.000Z',
    });
    const id = String(made._id);
    expect((await visit(id)).statusCode).toBe(200);
    now = new Date('2026-11-30T13:00:01.000Z');
    const expired = await visit(id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'share_expired', message: shareMessages.expired });

    const live = String((await created({ kind: 'songs', itemIds: [songs[0]!.song._id] }))._id);
    const tampered = live.slice(0, -1) + (live.endsWith('A') ? 'B' : 'A');
    for (const wrong of [tampered, `${live}A`, 'guess', 'x'.repeat(90)]) {
      const res = await visit(wrong);
      expect(res.statusCode, wrong).toBe(404);
      expect(res.json()).toMatchObject({ code: 'share_not_found' });
    }

    // Another listener can neither change nor end it; its owner can.
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/shares/${live}`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/shares/${live}`,
      headers: owner.headers,
    });
    expect(revoked.json()).toEqual({ success: true, message: shareMessages.revoked });
    expect((await visit(live)).statusCode).toBe(404);
  });

  it('changes the description, the expiry and the leave to download', async () => {
    const id = String((await created({ kind: 'songs', itemIds: [songs[0]!.song._id] }))._id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/shares/${id}`,
      headers: owner.headers,
      payload: { description: 'Listen loud', allowDownload: true, expiresAt: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      description: 'Listen loud',
      allowDownload: true,
      expiresAt: null,
    });
  });

  it.each([
    ['no kind', { itemIds: ['SONG'] }, shareMessages.kind],
    ['nothing to share', { kind: 'songs', itemIds: [] }, shareMessages.noItems],
    ['two albums', { kind: 'album', itemIds: ['SONG', 'SONG'] }, shareMessages.oneItem],
    [
      'an expiry in the past',
      { kind: 'songs', itemIds: ['SONG'], expiresAt: '2020-01-01T00:00:00Z' },
      shareMessages.expiresAt,
    ],
    [
      'an expiry that is no date',
      { kind: 'songs', itemIds: ['SONG'], expiresAt: 'soon' },
      shareMessages.expiresAt,
    ],
    [
      'a description too long',
      { kind: 'songs', itemIds: ['SONG'], description: 'x'.repeat(501) },
      shareMessages.descriptionTooLong,
    ],
  ])('refuses %s with 400 and the reason', async (_case, payload, message) => {
    const body = JSON.parse(
      JSON.stringify(payload).replaceAll('"SONG"', `"${songs[0]!.song._id}"`),
    );
    const res = await share(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('answers 404 for an unknown song, album or playlist, and for another listener’s private playlist', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const kind of ['songs', 'album', 'playlist']) {
      expect((await share({ kind, itemIds: [unknown] })).statusCode, kind).toBe(404);
    }
    const hidden = await createPlaylist(t, stranger, { name: 'Mine', isPublic: false });
    expect((await share({ kind: 'playlist', itemIds: [hidden] })).statusCode).toBe(404);
  });

  it('counts no play of a song the share does not hold', async () => {
    const id = String((await created({ kind: 'songs', itemIds: [songs[0]!.song._id] }))._id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shares/${id}/plays`,
      payload: { songId: songs[1]!.song._id },
    });
    expect(res.statusCode).toBe(404);
  });
});
