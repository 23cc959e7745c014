import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlaylist, type CreatedUser } from '../../../test/factories';
import { pngBytes } from '../../../test/media-files';
import { createSong, type CreatedSong } from '../../../test/songs';
import {
  createApiKey,
  parseSubsonicXml,
  rest,
  subsonicClient,
  tokenAuth,
  type RestParams,
} from '../../../test/subsonic';
import {
  checkOpenSubsonicAnswer,
  checkOpenSubsonicError,
} from '../../../test/opensubsonic-schemas';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The Subsonic API as apps use it: the `subsonic-api` client library calls every endpoint (its
 * answers checked against the official OpenSubsonic OpenAPI schemas), and the calls some well-known apps make at
 * start-up, while browsing and while playing are replayed with their own sign-in and format.
 */

let t: TestApp;
let admin: CreatedUser;
let key: string;
let songs: CreatedSong[];
let playlistId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  key = await createApiKey(t, admin);
  songs = [];
  for (const title of ['Intro', 'Theme', 'Outro']) {
    songs.push(
      await createSong(t, {
        title,
        artist: 'Client Band',
        album: 'Client Album',
        genre: 'electronic',
        cover: pngBytes('clients'),
      }),
    );
  }
  playlistId = `pl-${await createPlaylist(t, admin, { name: 'Client mix', songIds: [songs[0]!.song._id] })}`;
});
afterAll(() => t.close());

const tr = (index: number) => `tr-${songs[index]!.song._id}`;
const album = () => `al-${songs[0]!.song.albumId}`;
const artist = () => `ar-${songs[0]!.song.artists[0]?._id}`;

/** Every endpoint that answers JSON, with the arguments a client passes. */
function everyEndpoint(): [string, RestParams][] {
  return [
    ['ping', {}],
    ['getLicense', {}],
    ['getOpenSubsonicExtensions', {}],
    ['tokenInfo', {}],
    ['getMusicFolders', {}],
    ['getIndexes', {}],
    ['getArtists', {}],
    ['getMusicDirectory', { id: artist() }],
    ['getMusicDirectory', { id: album() }],
    ['getGenres', {}],
    ['getArtist', { id: artist() }],
    ['getAlbum', { id: album() }],
    ['getSong', { id: tr(0) }],
    ['getArtistInfo2', { id: artist() }],
    ['getAlbumInfo2', { id: album() }],
    ['getAlbumList', { type: 'newest' }],
    ['getAlbumList2', { type: 'alphabeticalByArtist' }],
    ['getRandomSongs', { size: 5 }],
    ['getSongsByGenre', { genre: 'electronic' }],
    ['getTopSongs', { artist: 'Client Band' }],
    ['getTopSongs', { id: artist() }],
    ['getSimilarSongs', { id: tr(0) }],
    ['getSimilarSongs2', { id: artist() }],
    ['star', { id: tr(1), albumId: album(), artistId: artist() }],
    ['getStarred', {}],
    ['getStarred2', {}],
    ['unstar', { id: tr(1) }],
    ['setRating', { id: tr(1), rating: 3 }],
    ['search2', { query: 'client' }],
    ['search3', { query: '' }],
    ['search', { any: 'client', count: 5 }],
    ['addChatMessage', { message: 'Hello from an app' }],
    ['getChatMessages', {}],
    ['scrobble', { id: tr(0), submission: false }],
    ['reportPlayback', { mediaId: tr(2), mediaType: 'song', positionMs: 0, state: 'starting' }],
    ['getNowPlaying', {}],
    ['scrobble', { id: tr(0) }],
    ['savePlayQueue', { id: [tr(0), tr(1)], current: tr(1), position: 1000 }],
    ['getPlayQueue', {}],
    ['savePlayQueueByIndex', { id: [tr(0), tr(1), tr(0)], currentIndex: 2, position: 500 }],
    ['getPlayQueueByIndex', {}],
    ['createBookmark', { id: tr(2), position: 90_000, comment: 'Halfway' }],
    ['getBookmarks', {}],
    ['deleteBookmark', { id: tr(2) }],
    ['getPlaylists', {}],
    ['getPlaylist', { id: playlistId }],
    ['createPlaylist', { name: 'From a phone', songId: [tr(2)] }],
    ['updatePlaylist', { playlistId, name: 'Client mix 2', songIdToAdd: tr(1) }],
    ['getUser', { username: admin.user.email }],
    ['getUsers', {}],
    ['getScanStatus', {}],
    ['getPodcasts', {}],
    ['getNewestPodcasts', { count: 5 }],
    ['refreshPodcasts', {}],
    ['getLyricsBySongId', { id: tr(0) }],
    ['getLyrics', { artist: 'Client Band', title: 'Intro' }],
  ];
}

describe('the subsonic-api client library', () => {
  it.each([
    ['token sign-in by GET', { username: '', password: '' }, {}],
    ['an API key by form POST', { apiKey: '' }, { post: true }],
  ] as const)(
    'calls every endpoint with %s, each answer in the OpenSubsonic shape',
    async (_how, auth, options) => {
      const client = subsonicClient(
        t,
        'apiKey' in auth ? { apiKey: key } : { username: admin.user.email, password: key },
        options,
      );
      for (const [endpoint, params] of everyEndpoint()) {
        const answer = await client.customJSON<Record<string, unknown>>(endpoint, params);
        expect(answer.status, `${endpoint}: ${JSON.stringify(answer)}`).toBe('ok');
        checkOpenSubsonicAnswer(endpoint, answer);
      }
      const deleted = await client.deletePlaylist({
        id: String(
          ((await client.createPlaylist({ name: 'Short-lived' })) as { playlist: { id: string } })
            .playlist.id,
        ),
      });
      expect(deleted.status).toBe('ok');
      checkOpenSubsonicAnswer('deletePlaylist', deleted);
    },
  );

  it('answers an unknown id with an error in the OpenSubsonic shape', async () => {
    const client = subsonicClient(t, { apiKey: key });
    const answer = await client.customJSON<Record<string, unknown>>('getAlbum', { id: 'al-0' });
    expect(answer.status).toBe('failed');
    expect(answer.error).toMatchObject({ code: 70 });
    checkOpenSubsonicError(answer);
    checkOpenSubsonicAnswer('getAlbum', answer);
  });

  it('streams, downloads and fetches covers through the library', async () => {
    const client = subsonicClient(t, { username: admin.user.email, password: key });
    const stream = await client.stream({ id: tr(0) });
    expect(stream.status).toBe(200);
    expect(Buffer.from(await stream.arrayBuffer()).equals(songs[0]!.audio)).toBe(true);
    const download = await client.download({ id: tr(0) });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    const cover = await client.getCoverArt({ id: album(), size: 300 });
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toMatch(/^image\//);
  });
});

/** One app's sign-in, format and the calls it makes at start-up, while browsing and playing. */
interface ClientProfile {
  readonly auth: () => RestParams;
  readonly format: 'xml' | 'json';
  readonly calls: () => [string, RestParams][];
}

const startup = (): [string, RestParams][] => [
  ['ping', {}],
  ['getLicense', {}],
  ['getOpenSubsonicExtensions', {}],
  ['getMusicFolders', {}],
  ['getUser', { username: admin.user.email }],
  ['getArtists', {}],
  ['getPlaylists', {}],
  ['getAlbumList2', { type: 'newest', size: 20, offset: 0 }],
  ['getAlbumList2', { type: 'frequent', size: 20 }],
  ['getAlbumList2', { type: 'recent', size: 20 }],
  ['getStarred2', {}],
  ['getPlayQueue', {}],
];
const browse = (): [string, RestParams][] => [
  ['getArtist', { id: artist() }],
  ['getAlbum', { id: album() }],
  ['getCoverArt', { id: album(), size: 300 }],
  ['search3', { query: 'the', songCount: 20, albumCount: 10, artistCount: 10 }],
  ['getGenres', {}],
  ['getPlaylist', { id: playlistId }],
];
const play = (): [string, RestParams][] => [
  ['stream', { id: tr(0), maxBitRate: 320, format: 'raw' }],
  ['scrobble', { id: tr(0), submission: false }],
  ['scrobble', { id: tr(0), submission: true, time: Date.now() }],
  ['savePlayQueue', { id: [tr(0), tr(1)], current: tr(0), position: 0 }],
  ['getLyricsBySongId', { id: tr(0) }],
];

const PROFILES: Record<string, ClientProfile> = {
  'Amperfy (XML, token sign-in)': {
    auth: () => ({
      ...tokenAuth(admin.user.email, key, 'amperfy-salt'),
      c: 'Amperfy',
      v: '1.13.0',
    }),
    format: 'xml',
    calls: () => [...startup(), ['getIndexes', {}], ...browse(), ...play()],
  },
  'DSub (XML, enc: password)': {
    auth: () => ({
      u: admin.user.email,
      p: `enc:${Buffer.from(key).toString('hex')}`,
      c: 'DSub',
      v: '1.2.0',
    }),
    format: 'xml',
    calls: () => [
      ...startup(),
      ['getIndexes', { musicFolderId: 1 }],
      ['getMusicDirectory', { id: artist() }],
      ['getMusicDirectory', { id: album() }],
      ['getAlbumList', { type: 'newest', size: 20 }],
      ['search2', { query: 'client' }],
      ...play(),
    ],
  },
  'Feishin (JSON, token sign-in)': {
    auth: () => ({
      ...tokenAuth(admin.user.email, key, `feishin-${Math.random()}`),
      c: 'Feishin',
      v: '1.13.0',
    }),
    format: 'json',
    calls: () => [...startup(), ...browse(), ['search3', { query: '', songCount: 500 }], ...play()],
  },
  'Tempo (JSON, token sign-in)': {
    auth: () => ({
      ...tokenAuth(admin.user.email, key, `tempo-${Date.now()}`),
      c: 'Tempo',
      v: '1.16.1',
    }),
    format: 'json',
    calls: () => [...startup(), ['getRandomSongs', { size: 100 }], ...browse(), ...play()],
  },
  'Substreamer (JSON, one salt reused)': {
    auth: () => ({
      ...tokenAuth(admin.user.email, key, 'substreamer'),
      c: 'Substreamer',
      v: '1.15.0',
    }),
    format: 'json',
    calls: () => [...startup(), ...browse(), ['getSimilarSongs2', { id: artist() }], ...play()],
  },
};

describe('replayed app profiles', () => {
  it.each(Object.entries(PROFILES))('%s', async (_name, profile) => {
    for (const [endpoint, params] of profile.calls()) {
      const all = {
        ...profile.auth(),
        ...params,
        ...(profile.format === 'json' ? { f: 'json' } : {}),
      };
      const res = await rest(t, endpoint, all);
      expect(res.statusCode, endpoint).toBe(200);
      const type = String(res.headers['content-type']);
      if (!/^(text\/xml|application\/json)/.test(type)) {
        // A file: audio or a picture.
        expect(type, endpoint).toMatch(/^(audio|image)\//);
        continue;
      }
      if (profile.format === 'xml') {
        expect(type, endpoint).toMatch(/^text\/xml/);
        expect(parseSubsonicXml(res.body).status, `${endpoint}: ${res.body}`).toBe('ok');
      } else {
        const answer = res.json()['subsonic-response'];
        expect(answer.status, `${endpoint}: ${res.body}`).toBe('ok');
        checkOpenSubsonicAnswer(endpoint, answer);
      }
    }
  });
});
