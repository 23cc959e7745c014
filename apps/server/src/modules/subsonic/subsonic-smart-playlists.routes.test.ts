import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmartPlaylist } from '@cadenza/contract/smart-playlists';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, restBoth, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Smart playlists reach phone apps over /rest as read-only playlists, evaluated on read. */

let t: TestApp;
let owner: CreatedUser;
let ownerAuth: RestParams;
let songs: CreatedSong[];
let id: string;

type Node = Record<string, unknown>;
const tr = (song: CreatedSong) => `tr-${song.song._id}`;
const entries = (playlist: Node) => ((playlist.entry as Node[] | undefined) ?? []).map((e) => e.id);
const codeOf = async (endpoint: string, params: RestParams) => {
  const answer = await restJson(t, endpoint, params);
  return answer.status === 'ok' ? 'ok' : (answer.error as { code: number }).code;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  ownerAuth = { apiKey: await createApiKey(t, owner) };
  songs = [];
  for (const title of ['Rule one', 'Rule two', 'Other']) {
    songs.push(await createSong(t, { title, duration: 100 }));
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/smart-playlists',
    headers: owner.headers,
    payload: {
      name: 'Ruled',
      rules: { all: [{ field: 'title', operator: 'startsWith', value: 'Rule' }] },
      sort: { field: 'title', order: 'asc' },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  id = `pl-${res.json<{ data: SmartPlaylist }>().data._id}`;
});
afterAll(() => t.close());

describe('smart playlists over /rest', () => {
  it('lists and reads one as a read-only playlist with the songs its rules choose now', async () => {
    const listed = (await restBoth(t, 'getPlaylists', ownerAuth)).playlists as { playlist: Node[] };
    expect(listed.playlist.find((playlist) => playlist.id === id)).toMatchObject({
      name: 'Ruled',
      songCount: 2,
      duration: 200,
      readonly: true,
    });
    const read = (await restBoth(t, 'getPlaylist', { ...ownerAuth, id })).playlist as Node;
    expect(read).toMatchObject({ readonly: true, songCount: 2 });
    expect(entries(read)).toEqual([tr(songs[0]!), tr(songs[1]!)]);

    const added = await createSong(t, { title: 'Rule three' });
    const again = (await restJson(t, 'getPlaylist', { ...ownerAuth, id })).playlist as Node;
    // By title: one, three, two.
    expect(entries(again)).toEqual([tr(songs[0]!), tr(added), tr(songs[1]!)]);
  });

  it('refuses song changes with 50 and changes nothing, but renames', async () => {
    const songChanges: RestParams[] = [
      { playlistId: id, name: 'Renamed', songIdToAdd: tr(songs[2]!) },
      { playlistId: id, songIndexToRemove: 0 },
    ];
    for (const params of songChanges) {
      expect(await codeOf('updatePlaylist', { ...ownerAuth, ...params })).toBe(50);
    }
    expect(
      await codeOf('createPlaylist', { ...ownerAuth, playlistId: id, songId: tr(songs[2]!) }),
    ).toBe(50);
    const unchanged = (await restJson(t, 'getPlaylist', { ...ownerAuth, id })).playlist as Node;
    expect(unchanged.name).toBe('Ruled');
    expect(entries(unchanged)).not.toContain(tr(songs[2]!));

    expect(await codeOf('updatePlaylist', { ...ownerAuth, playlistId: id, name: 'Renamed' })).toBe(
      'ok',
    );
    const renamed = (await restJson(t, 'getPlaylist', { ...ownerAuth, id })).playlist as Node;
    expect(renamed.name).toBe('Renamed');
    expect(await codeOf('deletePlaylist', { ...ownerAuth, id })).toBe('ok');
  });
});
