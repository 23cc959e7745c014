import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { checkOpenSubsonicAnswer } from '../../../test/opensubsonic-schemas';
import { createSong } from '../../../test/songs';
import { createApiKey, restBoth, restJson, type RestParams } from '../../../test/subsonic';
import { FLAC_VORBIS_COMMENT, flacWithBlocks, vorbisComment } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { newId } from '../../ids';

/**
 * What the tags tell of albums and songs reaches apps as OpenSubsonic's fields: release dates,
 * labels, types, disc titles, sort names, album artists, a song's path, and the caller's last
 * plays; in JSON and XML alike, and as the official schemas describe them.
 */

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
let auth: RestParams;
type Node = Record<string, unknown>;

const RELEASE = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const RECORDING = '0b9d6f2e-1c3a-4e5b-9f70-2a4c6e8d0f13';
const boxSet = {
  ARTIST: 'Nova',
  ALBUMARTIST: 'Nova',
  ALBUM: 'The Box',
  DATE: '2004-03-02',
  ORIGINALDATE: '1999',
  LABEL: 'Night & Day <Records>',
  RELEASETYPE: 'album',
  MUSICBRAINZ_ALBUMID: RELEASE,
  DISCTOTAL: '2',
};

/** Uploads a FLAC file tagged with `fields`, as the admin's form does; its song JSON. */
async function upload(seconds: number, fields: Record<string, string>): Promise<Node> {
  const flac = flacWithBlocks(seconds, [[FLAC_VORBIS_COMMENT, vorbisComment(fields)]]);
  const res = await injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
    { audioFile: { filename: 'track.flac', contentType: 'audio/flac', content: flac } },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Node;
}

let intro: Node;
let later: Node;
let compiled: Node;
let shortAlbumId: string;
let scannedSongId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
  auth = { apiKey: await createApiKey(t, listener), c: 'details-test', v: '1.16.1' };
  intro = await upload(3, {
    ...boxSet,
    TITLE: 'Intro',
    TRACKNUMBER: '1',
    DISCNUMBER: '1',
    DISCSUBTITLE: 'The "Early" Years',
    BPM: '128',
    COMMENT: 'First take\nwith <strings>',
    MUSICBRAINZ_TRACKID: RECORDING.toUpperCase(),
    REPLAYGAIN_TRACK_GAIN: '-6.50 dB',
    REPLAYGAIN_TRACK_PEAK: '0.9',
  });
  later = await upload(4, { ...boxSet, TITLE: 'Later', TRACKNUMBER: '2', DISCNUMBER: '2' });
  compiled = await upload(2, {
    TITLE: 'Summer Heat',
    ARTIST: 'Nova feat. Echo',
    ALBUMARTIST: 'Various Artists',
    ALBUM: 'Now 99',
    COMPILATION: '1',
    RELEASETYPE: 'compilation',
  });
  // Lengths of 1.6 and 1.7 seconds: 3 seconds together, not 2 + 2.
  const short = await createSong(t, {
    album: 'Short Ones',
    artist: 'Nova',
    duration: 2,
    tags: { durationMs: 1600 },
  });
  await createSong(t, {
    album: 'Short Ones',
    artist: 'Nova',
    duration: 2,
    tags: { durationMs: 1700 },
  });
  shortAlbumId = short.song.albumId ?? '';
  // A song of a scanned folder: its file's row says where it lies.
  const scanned = await createSong(t, { title: 'Heat', artist: 'Nova', album: 'Nova Live' });
  scannedSongId = scanned.song._id;
  await t.database.db
    .insertInto('library_files')
    .values({
      id: newId(),
      folder: '/music',
      path: 'Nova/Nova Live/01 - Heat.mp3',
      dir: 'Nova/Nova Live',
      bytes: 4096,
      mtime_ms: 0,
      sha256: 'a'.repeat(64),
      song_id: scannedSongId,
      seen_scan: 'scan-1',
    })
    .execute();
  const scrobble = await restJson(t, 'scrobble', { ...auth, id: `tr-${String(intro._id)}` });
  expect(scrobble.status).toBe('ok');
});
afterAll(() => t.close());

const call = async (endpoint: string, params: RestParams) => {
  const answer = await restBoth(t, endpoint, { ...auth, ...params });
  expect(answer.status, JSON.stringify(answer)).toBe('ok');
  checkOpenSubsonicAnswer(endpoint, answer);
  return answer;
};
const albumOf = (song: Node) => `al-${String(song.albumId)}`;

describe('an album over /rest', () => {
  it('has its release dates, labels, types, disc titles, sort name and MusicBrainz id', async () => {
    const album = (await call('getAlbum', { id: albumOf(intro) })).album as Node;
    expect(album).toMatchObject({
      name: 'The Box',
      sortName: 'The Box',
      musicBrainzId: RELEASE,
      releaseDate: { year: 2004, month: 3, day: 2 },
      originalReleaseDate: { year: 1999 },
      isCompilation: false,
      releaseTypes: ['Album'],
      recordLabels: [{ name: 'Night & Day <Records>' }],
      discTitles: [{ disc: 1, title: 'The "Early" Years' }],
      artists: [{ id: expect.stringMatching(/^ar-/), name: 'Nova' }],
      displayArtist: 'Nova',
      duration: 7,
    });
    expect(album.played).toEqual(expect.any(String));
  });

  it('says when it is a compilation, and what no tag says is left empty', async () => {
    const album = (await call('getAlbum', { id: albumOf(compiled) })).album as Node;
    expect(album).toMatchObject({
      isCompilation: true,
      releaseTypes: ['Compilation'],
      recordLabels: [],
      discTitles: [],
      displayArtist: 'Various Artists',
    });
    for (const absent of ['releaseDate', 'originalReleaseDate', 'musicBrainzId', 'played'])
      expect(album).not.toHaveProperty(absent);
  });

  it('lasts the exact total of its songs, in whole seconds', async () => {
    const album = (await call('getAlbum', { id: `al-${shortAlbumId}` })).album as Node;
    expect(album.duration).toBe(3);
  });

  it('shows the same in lists, an artist’s albums and searches', async () => {
    const list = (await call('getAlbumList2', { type: 'alphabeticalByName' })).albumList2 as {
      album: Node[];
    };
    const box = list.album.find((album) => album.name === 'The Box');
    expect(box).toMatchObject({
      releaseDate: { year: 2004, month: 3, day: 2 },
      discTitles: [{ disc: 1, title: 'The "Early" Years' }],
      played: expect.any(String),
    });
    const artistId = (intro.artists as Array<{ _id: string }>)[0]?._id;
    const artist = (await call('getArtist', { id: `ar-${artistId}` })).artist as { album: Node[] };
    expect(artist.album.find((album) => album.name === 'The Box')).toMatchObject({
      recordLabels: [{ name: 'Night & Day <Records>' }],
      releaseTypes: ['Album'],
    });
    const found = (await call('search3', { query: 'box' })).searchResult3 as { album: Node[] };
    expect(found.album[0]).toMatchObject({ name: 'The Box', isCompilation: false });
  });
});

describe('a song over /rest', () => {
  it('has its BPM, comment, ReplayGain, sort name, album artists, path, last play and MusicBrainz id', async () => {
    const song = (await call('getSong', { id: `tr-${String(intro._id)}` })).song as Node;
    expect(song).toMatchObject({
      title: 'Intro',
      sortName: 'Intro',
      bpm: 128,
      comment: 'First take\nwith <strings>',
      discNumber: 1,
      replayGain: { trackGain: -6.5, trackPeak: 0.9 },
      albumArtists: [{ id: expect.stringMatching(/^ar-/), name: 'Nova' }],
      displayAlbumArtist: 'Nova',
      path: 'Nova/The Box/01 - Intro.flac',
      played: expect.any(String),
      musicBrainzId: RECORDING,
    });
    const unplayed = (await call('getSong', { id: `tr-${String(later._id)}` })).song as Node;
    expect(unplayed).not.toHaveProperty('played');
    expect(unplayed).not.toHaveProperty('musicBrainzId');
    expect(unplayed).toMatchObject({ discNumber: 2, path: 'Nova/The Box/02 - Later.flac' });
  });

  it('names its album artist, not its own artists, on a compilation', async () => {
    const song = (await call('getSong', { id: `tr-${String(compiled._id)}` })).song as Node;
    expect(song).toMatchObject({
      displayArtist: 'Nova feat. Echo',
      albumArtists: [{ name: 'Various Artists' }],
      displayAlbumArtist: 'Various Artists',
      path: 'Various Artists/Now 99/Summer Heat.flac',
    });
  });

  it('of a scanned folder has its file’s path inside the folder', async () => {
    const song = (await call('getSong', { id: `tr-${scannedSongId}` })).song as Node;
    expect(song.path).toBe('Nova/Nova Live/01 - Heat.mp3');
  });

  it('lists the same in an album’s songs', async () => {
    const album = (await call('getAlbum', { id: albumOf(intro) })).album as { song: Node[] };
    expect(album.song.map((song) => [song.title, song.path, song.sortName])).toEqual([
      ['Intro', 'Nova/The Box/01 - Intro.flac', 'Intro'],
      ['Later', 'Nova/The Box/02 - Later.flac', 'Later'],
    ]);
  });

  it('sorts as the TITLESORT and ALBUMSORT tags say, where they say it', async () => {
    const sorted = await upload(2, {
      TITLE: 'A Song',
      TITLESORT: 'Song, A',
      ARTIST: 'Nova',
      ALBUM: 'The Sorted',
      ALBUMSORT: 'Sorted, The',
    });
    const album = (await call('getAlbum', { id: albumOf(sorted) })).album as Node & {
      song: Node[];
    };
    expect(album).toMatchObject({ name: 'The Sorted', sortName: 'Sorted, The' });
    expect(album.song.map((song) => [song.title, song.sortName])).toEqual([['A Song', 'Song, A']]);

    // A title typed by hand sorts as typed.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/albums/${String(sorted.albumId)}`,
      headers: admin.headers,
      payload: { title: 'Sorted Anew' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call('getAlbum', { id: albumOf(sorted) })).album).toMatchObject({
      name: 'Sorted Anew',
      sortName: 'Sorted Anew',
    });
  });
});
