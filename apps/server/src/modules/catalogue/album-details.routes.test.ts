import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlbumDetail } from '@cadenza/contract/catalogue';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
import { FLAC_VORBIS_COMMENT, flacWithBlocks, vorbisComment } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** An album's page tells what its files' tags say of the release: dates, labels, discs. */

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;

const RELEASE = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
});
afterAll(() => t.close());

/** Uploads a FLAC file of `seconds` tagged with `fields`, as the admin's form does; its album id. */
async function upload(seconds: number, fields: Record<string, string>): Promise<string> {
  const flac = flacWithBlocks(seconds, [[FLAC_VORBIS_COMMENT, vorbisComment(fields)]]);
  const res = await injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
    { audioFile: { filename: 'track.flac', contentType: 'audio/flac', content: flac } },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.albumId as string;
}

async function albumPage(id: string): Promise<AlbumDetail> {
  const res = await t.app.inject({ url: `/api/user/albums/${id}`, headers: listener.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const boxSet = {
  ARTIST: 'Nova',
  ALBUMARTIST: 'Nova',
  ALBUM: 'The Box',
  DATE: '2004-03-02',
  ORIGINALDATE: '1999',
  LABEL: 'Night Records',
  RELEASETYPE: 'album',
  MUSICBRAINZ_ALBUMID: RELEASE,
  DISCTOTAL: '2',
};

describe('an album’s details', () => {
  it('come from its files’ tags: release dates, labels, types, disc titles, MusicBrainz id', async () => {
    const albumId = await upload(3, {
      ...boxSet,
      TITLE: 'Intro',
      TRACKNUMBER: '1',
      DISCNUMBER: '1',
      DISCSUBTITLE: 'The Early Years',
    });
    await upload(4, { ...boxSet, TITLE: 'Later', TRACKNUMBER: '1', DISCNUMBER: '2' });
    const album = await albumPage(albumId);
    expect(album).toMatchObject({
      title: 'The Box',
      artist: { name: 'Nova' },
      releaseDate: '2004-03-02',
      originalReleaseDate: '1999',
      recordLabels: ['Night Records'],
      releaseTypes: ['album'],
      isCompilation: false,
      musicBrainzId: RELEASE,
      discCount: 2,
      durationMs: 7000,
      discTitles: [{ disc: 1, title: 'The Early Years' }],
    });
    expect(album.songs.map((song) => song.title)).toEqual(['Intro', 'Later']);
  });

  it('flag a compilation, and leave what no tag says empty', async () => {
    const albumId = await upload(2, {
      TITLE: 'Summer Heat',
      ARTIST: 'Nova',
      ALBUMARTIST: 'Various Artists',
      ALBUM: 'Now 99',
      COMPILATION: '1',
    });
    expect(await albumPage(albumId)).toMatchObject({
      isCompilation: true,
      releaseDate: null,
      originalReleaseDate: null,
      recordLabels: [],
      releaseTypes: [],
      musicBrainzId: null,
      discTitles: [],
      durationMs: 2000,
    });
  });

  it('total the exact lengths of its songs, not their rounded seconds', async () => {
    const first = await createSong(t, {
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
    const album = await albumPage(first.song.albumId ?? '');
    expect(album.durationMs).toBe(3300);
  });
});
