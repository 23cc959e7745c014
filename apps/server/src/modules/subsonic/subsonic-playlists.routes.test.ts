import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlaylist, createUser, type CreatedUser } from '../../../test/factories';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, rest, restBoth, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: CreatedUser;
let stranger: CreatedUser;
let ownerAuth: RestParams;
let strangerAuth: RestParams;
let songs: CreatedSong[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  stranger = await createUser(t);
  ownerAuth = { apiKey: await createApiKey(t, owner) };
  strangerAuth = { apiKey: await createApiKey(t, stranger) };
  songs = [];
  for (const title of ['One', 'Two', 'Three']) songs.push(await createSong(t, { title }));
});
afterAll(() => t.close());

type Node = Record<string, unknown>;
const tr = (song: CreatedSong) => `tr-${song.song._id}`;
const entries = (playlist: Node) => ((playlist.entry as Node[] | undefined) ?? []).map((e) => e.id);
const codeOf = async (endpoint: string, params: RestParams) => {
  const answer = await restJson(t, endpoint, params);
  return answer.status === 'ok' ? 'ok' : (answer.error as { code: number }).code;
};

describe('playlists over /rest', () => {
  it('creates, reads, edits and deletes the caller’s own playlist', async () => {
    const created = (
      await restJson(t, 'createPlaylist', {
        ...ownerAuth,
        name: 'Road trip',
        songId: [tr(songs[0]!), tr(songs[1]!), tr(songs[0]!)],
      })
    ).playlist as Node;
    // Private unless made public, as on the web (decision 071).
    expect(created).toMatchObject({
      name: 'Road trip',
      public: false,
      owner: owner.user.email,
      songCount: 2,
      duration: 360,
      readonly: false,
    });
    expect(entries(created)).toEqual([tr(songs[0]!), tr(songs[1]!)]);
    const id = String(created.id);

    const listed = (await restBoth(t, 'getPlaylists', ownerAuth)).playlists as { playlist: Node[] };
    expect(listed.playlist.map((playlist) => playlist.id)).toContain(id);

    await restJson(t, 'updatePlaylist', {
      ...ownerAuth,
      playlistId: id,
      name: 'Long road trip',
      comment: 'With stops',
      public: true,
      songIndexToRemove: 0,
      songIdToAdd: tr(songs[2]!),
    });
    const edited = (await restBoth(t, 'getPlaylist', { ...ownerAuth, id })).playlist as Node;
    expect(edited).toMatchObject({ name: 'Long road trip', comment: 'With stops', public: true });
    expect(entries(edited)).toEqual([tr(songs[1]!), tr(songs[2]!)]);

    // A song already there stays once: no change, and no failure.
    expect(
      await codeOf('updatePlaylist', { ...ownerAuth, playlistId: id, songIdToAdd: tr(songs[2]!) }),
    ).toBe('ok');
    expect(
      entries((await restJson(t, 'getPlaylist', { ...ownerAuth, id })).playlist as Node),
    ).toEqual([tr(songs[1]!), tr(songs[2]!)]);

    await restJson(t, 'createPlaylist', { ...ownerAuth, playlistId: id, songId: tr(songs[0]!) });
    expect(
      entries((await restJson(t, 'getPlaylist', { ...ownerAuth, id })).playlist as Node),
    ).toEqual([tr(songs[0]!)]);

    expect(await codeOf('deletePlaylist', { ...ownerAuth, id })).toBe('ok');
    expect(await codeOf('getPlaylist', { ...ownerAuth, id })).toBe(70);
  });

  it('checks names as the web app does, and songs that exist', async () => {
    expect(await codeOf('createPlaylist', { ...ownerAuth, name: '   ' })).toBe(0);
    expect(await codeOf('createPlaylist', { ...ownerAuth, name: 'x'.repeat(101) })).toBe(0);
    expect(await codeOf('createPlaylist', ownerAuth)).toBe(10);
    expect(
      await codeOf('createPlaylist', {
        ...ownerAuth,
        name: 'Ghosts',
        songId: 'tr-01900000-0000-7000-8000-000000000000',
      }),
    ).toBe(70);
  });
});

describe('authorization over /rest', () => {
  it('hides another listener’s private playlist entirely: 70, never its data', async () => {
    const secret = await createPlaylist(t, owner, {
      name: 'Secret mix',
      isPublic: false,
      songIds: [songs[0]!.song._id],
    });
    const id = `pl-${secret}`;
    for (const [endpoint, params] of [
      ['getPlaylist', { id }],
      ['updatePlaylist', { playlistId: id, name: 'Mine now' }],
      ['deletePlaylist', { id }],
      ['createPlaylist', { playlistId: id, songId: tr(songs[1]!) }],
      ['getCoverArt', { id }],
    ] as const) {
      const res = await rest(t, endpoint, { ...strangerAuth, ...params, f: 'json' });
      expect(res.json()['subsonic-response'].error?.code, endpoint).toBe(70);
      expect(res.body, endpoint).not.toContain('Secret mix');
    }
    const listed = await rest(t, 'getPlaylists', { ...strangerAuth, f: 'json' });
    expect(listed.body).not.toContain('Secret mix');
    expect(await codeOf('getPlaylists', { ...strangerAuth, username: owner.user.email })).toBe(50);
    const own = (await restJson(t, 'getPlaylist', { ...ownerAuth, id })).playlist as Node;
    expect(own.name).toBe('Secret mix');
  });

  it('shows another listener’s public playlist without their e-mail, and refuses changes with 50', async () => {
    const shared = `pl-${await createPlaylist(t, owner, { name: 'Shared mix', isPublic: true })}`;
    const seen = await rest(t, 'getPlaylist', { ...strangerAuth, id: shared, f: 'json' });
    const playlist = seen.json()['subsonic-response'].playlist;
    expect(playlist).toMatchObject({ name: 'Shared mix', owner: owner.user.name, readonly: true });
    expect(seen.body).not.toContain(owner.user.email);
    expect(await codeOf('updatePlaylist', { ...strangerAuth, playlistId: shared, name: 'x' })).toBe(
      50,
    );
    expect(await codeOf('deletePlaylist', { ...strangerAuth, id: shared })).toBe(50);
  });

  it('lists the default public playlists for everyone, read-only', async () => {
    const admin = await createAdmin(t);
    const featured = await createPlaylist(t, admin, {
      name: 'Featured',
      isPublic: true,
      isDefault: true,
    });
    const listed = (await restJson(t, 'getPlaylists', strangerAuth)).playlists as {
      playlist: Node[];
    };
    expect(listed.playlist.map((item) => item.name)).toContain('Featured');
    expect(await codeOf('deletePlaylist', { ...strangerAuth, id: `pl-${featured}` })).toBe(50);
  });

  it('keeps stars, ratings and queues to their listener', async () => {
    await restJson(t, 'star', { ...ownerAuth, id: tr(songs[2]!) });
    await restJson(t, 'setRating', { ...ownerAuth, id: tr(songs[2]!), rating: 5 });
    await restJson(t, 'savePlayQueue', { ...ownerAuth, id: tr(songs[2]!) });
    const song = (await restJson(t, 'getSong', { ...strangerAuth, id: tr(songs[2]!) }))
      .song as Node;
    expect(song.starred).toBeUndefined();
    expect(song.userRating).toBeUndefined();
    expect((await restJson(t, 'getPlayQueue', strangerAuth)).playQueue).toBeUndefined();
  });

  it('refuses the admin-only scan to listeners with 50, and everything without a key with 10', async () => {
    expect(await codeOf('startScan', strangerAuth)).toBe(50);
    expect(await codeOf('getScanStatus', strangerAuth)).toBe(50);
    for (const endpoint of ['getPlaylists', 'getAlbumList2', 'stream', 'getCoverArt', 'search3']) {
      expect(await codeOf(endpoint, {}), endpoint).toBe(10);
    }
  });
});
