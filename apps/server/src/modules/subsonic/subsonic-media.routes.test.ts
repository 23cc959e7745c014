import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untaggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { pngBytes } from '../../../test/media-files';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, rest, restBoth, restJson, type RestParams } from '../../../test/subsonic';
import { id3LyricsFrame, id3Tag } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let listener: CreatedUser;
let auth: RestParams;
let plain: CreatedSong;
let covered: CreatedSong;

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  auth = { apiKey: await createApiKey(t, listener), c: 'media-test' };
  plain = await createSong(t, { title: 'Plain', artist: 'Quiet', album: 'Bare' });
  covered = await createSong(t, { title: 'Covered', artist: 'Loud', cover: pngBytes('media') });
});
afterAll(() => t.close());

type Node = Record<string, unknown>;
const tr = (song: CreatedSong) => `tr-${song.song._id}`;
const failure = async (endpoint: string, params: RestParams) => {
  const answer = await restJson(t, endpoint, { ...auth, ...params });
  expect(answer.status).toBe('failed');
  return (answer.error as { code: number }).code;
};
const playCount = async (song: CreatedSong) =>
  ((await restJson(t, 'getSong', { ...auth, id: tr(song) })).song as Node).playCount;

describe('stream and download', () => {
  it('streams the file as it is, with ranges, and a stream is not a play', async () => {
    const whole = await rest(t, 'stream', {
      ...auth,
      id: tr(plain),
      maxBitRate: 128,
      format: 'mp3',
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.rawPayload.equals(plain.audio)).toBe(true);

    const part = await t.app.inject({
      url: `/rest/stream.view?apiKey=${String(auth.apiKey)}&id=${tr(plain)}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${plain.audio.length}`);
    expect(part.rawPayload.equals(plain.audio.subarray(0, 10))).toBe(true);
    expect(await playCount(plain)).toBe(0);
  });

  it("answers HEAD on a stream with the file's true length and no body", async () => {
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/rest/stream.view?apiKey=${String(auth.apiKey)}&id=${tr(plain)}`,
    });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(plain.audio.length);
    expect(head.headers['content-type']).toBe('audio/mpeg');
    expect(head.rawPayload.length).toBe(0);
  });

  it('downloads as an attachment', async () => {
    const res = await rest(t, 'download', { ...auth, id: tr(plain) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(res.rawPayload.equals(plain.audio)).toBe(true);
  });

  it('answers an unknown song with code 70, and no sign-in with code 10, never the file', async () => {
    expect(await failure('stream', { id: 'tr-01900000-0000-7000-8000-000000000000' })).toBe(70);
    const anonymous = await rest(t, 'stream', { id: tr(plain), f: 'json' });
    expect(anonymous.json()['subsonic-response'].error.code).toBe(10);
  });
});

describe('cover art', () => {
  it('serves a cover by its id, resized on request, cacheable for ever', async () => {
    const song = (await restJson(t, 'getSong', { ...auth, id: tr(covered) })).song as Node;
    const coverId = String(song.coverArt);
    expect(coverId).toMatch(/^co-/);
    const original = await rest(t, 'getCoverArt', { ...auth, id: coverId });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toContain('immutable');
    const small = await rest(t, 'getCoverArt', { ...auth, id: coverId, size: 64 });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toMatch(/^image\//);
  });

  it('answers a placeholder for anything without a cover, never a 404', async () => {
    for (const id of [tr(plain), `al-${plain.song.albumId}`, `ar-${plain.song.artists[0]?._id}`]) {
      const res = await rest(t, 'getCoverArt', { ...auth, id });
      expect(res.statusCode, id).toBe(200);
      expect(res.headers['content-type'], id).toBe('image/jpeg');
    }
    const gone = await rest(t, 'getCoverArt', { ...auth, id: 'co-no-such-image' });
    expect(gone.statusCode).toBe(200);
    expect(gone.headers['content-type']).toBe('image/jpeg');
    expect(await failure('getCoverArt', { id: 'co-../secret' })).toBe(70);
  });
});

describe('stars and ratings', () => {
  it('stars a song as a like the web app shows, and albums and artists on their own', async () => {
    const albumId = `al-${covered.song.albumId}`;
    const artistId = `ar-${covered.song.artists[0]?._id}`;
    expect(
      (await restJson(t, 'star', { ...auth, id: tr(covered), albumId, artistId })).status,
    ).toBe('ok');
    // Starring twice changes nothing.
    expect((await restJson(t, 'star', { ...auth, id: tr(covered) })).status).toBe('ok');

    const liked = await t.app.inject({ url: '/api/user/songs/liked', headers: listener.headers });
    expect(liked.json().data.map((song: { _id: string }) => song._id)).toEqual([covered.song._id]);
    const starred = (await restBoth(t, 'getStarred2', auth)).starred2 as Record<string, Node[]>;
    expect(starred.song?.map((song) => song.id)).toEqual([tr(covered)]);
    expect(starred.album?.map((album) => album.id)).toEqual([albumId]);
    expect(starred.artist?.map((artist) => artist.id)).toEqual([artistId]);
    expect(Date.parse(String(starred.song?.[0]?.starred))).not.toBeNaN();
    const old = (await restBoth(t, 'getStarred', auth)).starred as Record<string, Node[]>;
    expect(old.album?.[0]).toMatchObject({ id: albumId, isDir: true });
    const list = (await restJson(t, 'getAlbumList2', { ...auth, type: 'starred' })).albumList2 as {
      album: Node[];
    };
    expect(list.album.map((album) => album.id)).toEqual([albumId]);

    await restJson(t, 'unstar', { ...auth, id: [tr(covered), albumId, artistId] });
    const after = (await restJson(t, 'getStarred2', auth)).starred2 as Record<string, Node[]>;
    expect(after).toEqual({ song: [], album: [], artist: [] });
    const unliked = await t.app.inject({ url: '/api/user/songs/liked', headers: listener.headers });
    expect(unliked.json().data).toEqual([]);
  });

  it('refuses to star what does not exist', async () => {
    expect(await failure('star', { id: 'tr-01900000-0000-7000-8000-000000000000' })).toBe(70);
    expect(await failure('star', { albumId: 'al-01900000-0000-7000-8000-000000000000' })).toBe(70);
    expect(await failure('star', { id: 'bogus' })).toBe(70);
  });

  it('stores a rating, shows it, and clears it with 0', async () => {
    await restJson(t, 'setRating', { ...auth, id: tr(plain), rating: 4 });
    expect(
      ((await restJson(t, 'getSong', { ...auth, id: tr(plain) })).song as Node).userRating,
    ).toBe(4);
    await restJson(t, 'setRating', { ...auth, id: `al-${plain.song.albumId}`, rating: 2 });
    const album = (await restJson(t, 'getAlbum', { ...auth, id: `al-${plain.song.albumId}` }))
      .album as Node;
    expect(album.userRating).toBe(2);
    await restJson(t, 'setRating', { ...auth, id: tr(plain), rating: 0 });
    expect(
      ((await restJson(t, 'getSong', { ...auth, id: tr(plain) })).song as Node).userRating,
    ).toBeUndefined();
    expect(await failure('setRating', { id: tr(plain), rating: 6 })).toBe(0);
    expect(await failure('setRating', { id: tr(plain) })).toBe(10);
  });
});

describe('plays, now playing and the play queue', () => {
  it('records a submitted scrobble as the web app’s play, and a non-submission as now playing', async () => {
    const before = Number(await playCount(covered));
    await restJson(t, 'scrobble', { ...auth, id: tr(covered), submission: false });
    expect(await playCount(covered)).toBe(before);
    const playing = (await restBoth(t, 'getNowPlaying', auth)).nowPlaying as { entry: Node[] };
    expect(playing.entry[0]).toMatchObject({
      id: tr(covered),
      username: listener.user.name,
      playerName: 'media-test',
      minutesAgo: 0,
    });

    await restJson(t, 'scrobble', { ...auth, id: tr(covered) });
    expect(await playCount(covered)).toBe(before + 1);
    const recent = await t.app.inject({
      url: '/api/user/songs/recently-played',
      headers: listener.headers,
    });
    expect(recent.json().data[0].song._id).toBe(covered.song._id);
    const recentAlbums = (await restJson(t, 'getAlbumList2', { ...auth, type: 'recent' }))
      .albumList2 as { album: Node[] };
    expect(recentAlbums.album[0]?.id).toBe(`al-${covered.song.albumId}`);
    expect(await failure('scrobble', { id: 'tr-01900000-0000-7000-8000-000000000000' })).toBe(70);
  });

  it('keeps a play queue per listener', async () => {
    expect((await restJson(t, 'getPlayQueue', auth)).playQueue).toBeUndefined();
    await restJson(t, 'savePlayQueue', {
      ...auth,
      id: [tr(plain), tr(covered)],
      current: tr(covered),
      position: 4200,
    });
    const queue = (await restBoth(t, 'getPlayQueue', auth)).playQueue as Node;
    expect(queue).toMatchObject({
      current: tr(covered),
      position: 4200,
      username: listener.user.email,
      changedBy: 'media-test',
    });
    expect((queue.entry as Node[]).map((entry) => entry.id)).toEqual([tr(plain), tr(covered)]);

    const other = await createUser(t);
    const otherAuth = { apiKey: await createApiKey(t, other) };
    expect((await restJson(t, 'getPlayQueue', otherAuth)).playQueue).toBeUndefined();
    expect(await failure('savePlayQueue', { id: 'tr-01900000-0000-7000-8000-000000000000' })).toBe(
      70,
    );
  });
});

describe('account, scan and lyrics', () => {
  it('shows the caller’s own account only', async () => {
    const user = (await restBoth(t, 'getUser', { ...auth, username: listener.user.email }))
      .user as Node;
    expect(user).toMatchObject({
      username: listener.user.email,
      adminRole: false,
      streamRole: true,
    });
    expect(await failure('getUser', { username: 'someone@example.com' })).toBe(50);
  });

  it('lets only administrators see and start the scan', async () => {
    expect(await failure('getScanStatus', {})).toBe(50);
    expect(await failure('startScan', {})).toBe(50);
    const admin = await createAdmin(t);
    const adminAuth = { apiKey: await createApiKey(t, admin) };
    const status = await restBoth(t, 'getScanStatus', adminAuth);
    expect(status.scanStatus).toEqual({ scanning: false, count: 0 });
    // Without MUSIC_DIR there is nothing to scan: said plainly, not a crash.
    const started = await restJson(t, 'startScan', adminAuth);
    expect(started).toMatchObject({ status: 'failed', error: { code: 0 } });
  });

  it('reads embedded lyrics, synced when they are LRC, and none otherwise', async () => {
    const lrc = '[00:01.50]First line\n[00:03.00]Second line';
    const synced = await createSong(t, {
      title: 'Sung',
      artist: 'Singer',
      audio: Buffer.concat([id3Tag(3, [id3LyricsFrame(lrc)]), untaggedMp3()]),
    });
    const unsynced = await createSong(t, {
      title: 'Spoken',
      artist: 'Singer',
      audio: Buffer.concat([id3Tag(3, [id3LyricsFrame('Just words\nMore words')]), untaggedMp3()]),
    });
    const list = async (song: CreatedSong) =>
      ((await restBoth(t, 'getLyricsBySongId', { ...auth, id: tr(song) })).lyricsList as Node)
        .structuredLyrics as Node[];
    expect(await list(synced)).toEqual([
      {
        displayArtist: 'Singer',
        displayTitle: 'Sung',
        lang: 'eng',
        synced: true,
        offset: 0,
        line: [
          { start: 1500, value: 'First line' },
          { start: 3000, value: 'Second line' },
        ],
      },
    ]);
    expect((await list(unsynced))[0]).toMatchObject({
      synced: false,
      line: [{ value: 'Just words' }, { value: 'More words' }],
    });
    expect(await list(plain)).toEqual([]);
    const old = await restBoth(t, 'getLyrics', { ...auth, artist: 'singer', title: 'spoken' });
    expect(old.lyrics).toEqual({
      artist: 'Singer',
      title: 'Spoken',
      value: 'Just words\nMore words',
    });
    expect((await restJson(t, 'getLyrics', { ...auth, title: 'Nothing' })).lyrics).toEqual({
      value: '',
    });
  });
});
