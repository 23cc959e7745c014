import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { songPlayCount } from '../../../test/play-counts';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { toIso } from '../../db/schema';
import { HistoryRepository } from './history.repository';

let t: TestApp;
const songs: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { HISTORY_IMPORT_MAX_MB: '0.01' } });
  const library = {
    senorita: { title: 'Señorita', artist: 'Shawn Mendes', album: 'Señorita' },
    introXx: { title: 'Intro', artist: 'The xx', album: 'xx' },
    introCoexist: { title: 'Intro', artist: 'The xx', album: 'Coexist' },
    hyperballad: { title: 'Hyperballad', artist: 'Björk', album: 'Post' },
    unloved: { title: 'Lost Cause', artist: 'Beck', album: 'Sea Change' },
  };
  for (const [name, fields] of Object.entries(library))
    songs[name] = (await createSong(t, fields)).song._id;
});
afterAll(() => t.close());

type Source = 'spotify' | 'listenbrainz' | 'lastfm';

function send(who: CreatedUser, source: Source, content: string | Buffer, filename = 'history') {
  return injectForm(
    t.app,
    { method: 'POST', url: `/api/user/history/imports?source=${source}`, headers: who.headers },
    {
      file: {
        filename,
        contentType: 'application/octet-stream',
        content: Buffer.isBuffer(content) ? content : Buffer.from(content),
      },
    },
  );
}

interface ImportAnswer {
  id: string;
  status: string;
  total: number;
  processed: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  skipped: number;
}

async function importDone(
  who: CreatedUser,
  source: Source,
  content: string,
): Promise<ImportAnswer> {
  const started = await send(who, source, content);
  expect(started.statusCode, started.body).toBe(202);
  const id = (started.json().data as ImportAnswer).id;
  const status = async () =>
    (await t.app.inject({ url: `/api/user/history/imports/${id}`, headers: who.headers })).json()
      .data as ImportAnswer;
  await expect.poll(async () => (await status()).status).toBe('done');
  return status();
}

async function playsOf(who: CreatedUser) {
  const rows = await t.database.db
    .selectFrom('plays')
    .select(['song_id', 'played_at'])
    .where('user_id', '=', who.user._id)
    .orderBy('played_at')
    .execute();
  return rows.map((row) => [row.song_id, toIso(row.played_at)]);
}

async function unmatchedOf(who: CreatedUser) {
  const res = await t.app.inject({ url: '/api/user/history/unmatched', headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; artist: string; title: string; playedAt: string }[];
}

const spotify = JSON.stringify([
  {
    ts: '2021-01-31T12:34:00Z',
    ms_played: 200_000,
    master_metadata_track_name: 'Senorita (feat. Camila Cabello)',
    master_metadata_album_artist_name: 'SHAWN  MENDES',
    master_metadata_album_album_name: 'Señorita',
    spotify_track_uri: 'spotify:track:0TK2YIli7K1leLovkQiNik',
  },
  {
    ts: '2021-01-31T12:40:00Z',
    ms_played: 5_000,
    master_metadata_track_name: 'Hyperballad',
    master_metadata_album_artist_name: 'Björk',
    master_metadata_album_album_name: 'Post',
    spotify_track_uri: 'spotify:track:1',
  },
  {
    ts: '2021-01-31T13:00:00Z',
    ms_played: 900_000,
    master_metadata_track_name: null,
    master_metadata_album_artist_name: null,
    master_metadata_album_album_name: null,
    spotify_track_uri: null,
    episode_name: 'A podcast',
  },
  {
    ts: '2021-02-01T08:00:00Z',
    ms_played: 120_000,
    master_metadata_track_name: 'Intro',
    master_metadata_album_artist_name: 'The XX',
    master_metadata_album_album_name: 'Coexist',
    spotify_track_uri: 'spotify:track:2',
  },
  {
    ts: '2021-02-01T09:00:00Z',
    ms_played: 120_000,
    master_metadata_track_name: 'Not In The Library',
    master_metadata_album_artist_name: 'Nobody',
    master_metadata_album_album_name: null,
    spotify_track_uri: 'spotify:track:3',
  },
]);

describe('bringing a history along', () => {
  it('imports a Spotify streaming history, and a second import of it adds nothing', async () => {
    const listener = await createUser(t);
    const songCounts = async () => [
      await songPlayCount(t, songs.senorita ?? ''),
      await songPlayCount(t, songs.introCoexist ?? ''),
    ];
    const [senorita = 0, intro = 0] = await songCounts();
    const first = await importDone(listener, 'spotify', spotify);
    expect(first).toMatchObject({
      total: 3,
      processed: 3,
      matched: 2,
      unmatched: 1,
      duplicates: 0,
      skipped: 2,
    });
    expect(await playsOf(listener)).toEqual([
      [songs.senorita, '2021-01-31T12:34:00.000Z'],
      [songs.introCoexist, '2021-02-01T08:00:00.000Z'],
    ]);
    const counted = await t.database.db
      .selectFrom('last_plays')
      .select(['song_id', 'play_count'])
      .where('user_id', '=', listener.user._id)
      .execute();
    expect(counted).toHaveLength(2);
    expect(await songCounts()).toEqual([senorita + 1, intro + 1]);

    const again = await importDone(listener, 'spotify', spotify);
    expect(again).toMatchObject({ matched: 0, unmatched: 0, duplicates: 3 });
    expect(await playsOf(listener)).toHaveLength(2);
    expect(await songCounts()).toEqual([senorita + 1, intro + 1]);
    expect(await unmatchedOf(listener)).toHaveLength(1);

    const listed = await t.app.inject({
      url: '/api/user/history/imports',
      headers: listener.headers,
    });
    expect(listed.json().data).toHaveLength(2);
  });

  it('imports a ListenBrainz export, matching on the album among songs of one title', async () => {
    const listener = await createUser(t);
    const lines = [
      {
        listened_at: 1_612_166_400,
        track_metadata: {
          artist_name: 'the xx',
          track_name: 'intro',
          release_name: 'XX',
          additional_info: { recording_mbid: 'f1d0b1a2-0000-4000-8000-000000000000' },
        },
      },
      {
        listened_at: 1_612_170_000,
        track_metadata: {
          artist_name: 'Bjork',
          track_name: 'Hyperballad!',
          release_name: null,
          mbid_mapping: { recording_mbid: 'f1d0b1a2-0000-4000-8000-000000000001' },
        },
      },
      { listened_at: 1_612_180_000, track_metadata: { artist_name: 'Nobody', track_name: 'Gone' } },
    ];
    const done = await importDone(
      listener,
      'listenbrainz',
      `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`,
    );
    expect(done).toMatchObject({ total: 3, matched: 2, unmatched: 1 });
    expect(await playsOf(listener)).toEqual([
      [songs.introXx, '2021-02-01T08:00:00.000Z'],
      [songs.hyperballad, '2021-02-01T09:00:00.000Z'],
    ]);
  });

  it('imports Last.fm scrobble exports with a header and without one', async () => {
    const listener = await createUser(t);
    const withHeader = [
      'uts,utc_time,artist,artist_mbid,album,album_mbid,track,track_mbid',
      '1612166400,"01 Feb 2021, 08:00",Beck,,Sea Change,,"Lost Cause",',
      '1612170000,"01 Feb 2021, 09:00","Shawn Mendes feat. Camila Cabello",,,,Señorita,',
    ].join('\n');
    expect(await importDone(listener, 'lastfm', withHeader)).toMatchObject({ matched: 2 });
    const headerless =
      'Björk,Post,Hyperballad,31 Jan 2021 12:34\r\nBeck,Sea Change,Lost Cause,01 Feb 2021 08:00\r\n';
    expect(await importDone(listener, 'lastfm', headerless)).toMatchObject({
      matched: 1,
      duplicates: 1,
    });
    expect(await playsOf(listener)).toEqual([
      [songs.hyperballad, '2021-01-31T12:34:00.000Z'],
      [songs.unloved, '2021-02-01T08:00:00.000Z'],
      [songs.senorita, '2021-02-01T09:00:00.000Z'],
    ]);
  });

  it('lists unmatched listens to match by hand (a play at their time) or dismiss', async () => {
    const listener = await createUser(t);
    const lines = [
      {
        listened_at: 1_600_000_000,
        track_metadata: { artist_name: 'Beck', track_name: 'Lost Cause (Live)' },
      },
      { listened_at: 1_600_000_600, track_metadata: { artist_name: 'Nobody', track_name: 'Gone' } },
    ];
    await importDone(listener, 'listenbrainz', lines.map((l) => JSON.stringify(l)).join('\n'));
    const [gone, live] = await unmatchedOf(listener);
    expect(live).toMatchObject({ artist: 'Beck', title: 'Lost Cause (Live)' });
    const stranger = await createUser(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/user/history/unmatched/${live?.id}/match`,
      headers: stranger.headers,
      payload: { songId: songs.unloved },
    });
    expect(refused.statusCode).toBe(404);
    const matched = await t.app.inject({
      method: 'POST',
      url: `/api/user/history/unmatched/${live?.id}/match`,
      headers: listener.headers,
      payload: { songId: songs.unloved },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(await playsOf(listener)).toEqual([[songs.unloved, '2020-09-13T12:26:40.000Z']]);
    const dismissed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/history/unmatched/${gone?.id}`,
      headers: listener.headers,
    });
    expect(dismissed.statusCode).toBe(200);
    expect(await unmatchedOf(listener)).toEqual([]);
    expect(await playsOf(listener)).toHaveLength(1);
  });

  it('carries on with an import a restart cut off, without bringing a listen twice', async () => {
    const listener = await createUser(t);
    const repository = new HistoryRepository(t.database.db);
    const listen = { artist: 'Beck', title: 'Lost Cause', album: null };
    // As a server leaves an import it was stopped in: running, with listens still to process.
    const cut = await repository.createImport(
      listener.user._id,
      'lastfm',
      [
        { ...listen, playedAt: '2022-01-01T00:00:00.000Z' },
        { ...listen, playedAt: '2022-01-01T00:00:00.000Z' },
        { ...listen, playedAt: '2022-01-02T00:00:00.000Z' },
      ],
      0,
      new Date().toISOString(),
    );
    const resumed = await t.app.inject({
      method: 'POST',
      url: `/api/user/history/imports/${cut.id}/resume`,
      headers: listener.headers,
    });
    expect(resumed.statusCode).toBe(200);
    await expect
      .poll(async () => (await repository.findImport(listener.user._id, cut.id))?.status)
      .toBe('done');
    expect(await repository.findImport(listener.user._id, cut.id)).toMatchObject({
      matched: 2,
      duplicates: 1,
    });
    expect(await playsOf(listener)).toHaveLength(2);
  });
});

describe('a file that is not a history', () => {
  async function nothingKept(who: CreatedUser) {
    const db = t.database.db;
    const imports = await db
      .selectFrom('listening_imports')
      .select('id')
      .where('user_id', '=', who.user._id)
      .execute();
    const keys = await db
      .selectFrom('listening_import_keys')
      .select('listen_key')
      .where('user_id', '=', who.user._id)
      .execute();
    expect({ imports, keys, plays: await playsOf(who) }).toEqual({
      imports: [],
      keys: [],
      plays: [],
    });
  }

  it('refuses the wrong format, a file cut short and one too large, and keeps nothing', async () => {
    const listener = await createUser(t);
    const cases: Array<[Source, string | Buffer, number, string]> = [
      [
        'spotify',
        'artist,album,track,date\nBeck,Sea Change,Lost Cause,01 Feb 2021 08:00\n',
        400,
        'history_file_unrecognised',
      ],
      ['spotify', '{"ts": "2021-01-01T00:00:00Z"}', 400, 'history_file_unrecognised'],
      ['spotify', spotify.slice(0, spotify.length - 40), 400, 'history_file_truncated'],
      ['listenbrainz', spotify, 400, 'history_file_unrecognised'],
      [
        'listenbrainz',
        '{"listened_at": 1600000000, "track_metadata": {"artist_name": "Beck", "track_name": "Lost Cause"}}\n{"listened_at": 16000',
        400,
        'history_file_truncated',
      ],
      ['lastfm', 'when,who,what\n1,2,3\n', 400, 'history_file_unrecognised'],
      ['lastfm', spotify, 400, 'history_file_unrecognised'],
      [
        'lastfm',
        'uts,utc_time,artist,artist_mbid,album,album_mbid,track,track_mbid\n1612166400,"01 Feb 2021, 08:00",Beck,,"Sea Ch',
        400,
        'history_file_truncated',
      ],
      ['lastfm', Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x00]), 400, 'history_file_unrecognised'],
      ['spotify', `[${' '.repeat(20_000)}]`, 413, 'history_file_too_large'],
    ];
    for (const [source, content, status, code] of cases) {
      const res = await send(listener, source, content);
      expect(res.statusCode, `${source}: ${String(content).slice(0, 40)}`).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const noSource = await send(listener, 'napster' as Source, spotify);
    expect(noSource.statusCode).toBe(400);
    const notAForm = await t.app.inject({
      method: 'POST',
      url: '/api/user/history/imports?source=spotify',
      headers: listener.headers,
      payload: { file: spotify },
    });
    expect(notAForm.statusCode).toBe(400);
    await nothingKept(listener);
  });
});
