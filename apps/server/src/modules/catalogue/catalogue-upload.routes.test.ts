import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { FLAC_VORBIS_COMMENT, flacWithBlocks, vorbisComment } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Songs added through the admin's form are placed in the catalogue by their files' tags. */

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
});
afterAll(() => t.close());

const RELEASE = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function upload(fields: Record<string, string>, typed: Record<string, string> = {}) {
  const flac = flacWithBlocks(3, [[FLAC_VORBIS_COMMENT, vorbisComment(fields)]]);
  return injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
    { ...typed, audioFile: { filename: 'track.flac', contentType: 'audio/flac', content: flac } },
  );
}

describe('a song uploaded with tags', () => {
  it('joins its album by release id, in track order, with featured artists credited', async () => {
    const second = await upload({
      TITLE: 'Second',
      ARTIST: 'Nova feat. Echo',
      ALBUM: 'Night Drive (Deluxe)',
      ALBUMARTIST: 'Nova',
      TRACKNUMBER: '2',
      DISCNUMBER: '1',
      MUSICBRAINZ_ALBUMID: RELEASE,
      REPLAYGAIN_TRACK_GAIN: '-6.50 dB',
      GENRE: 'Synthwave',
    });
    expect(second.statusCode, second.body).toBe(201);
    const first = await upload({
      TITLE: 'First',
      ARTIST: 'Nova',
      ALBUM: 'Night Drive',
      ALBUMARTIST: 'Nova',
      TRACKNUMBER: '1',
      MUSICBRAINZ_ALBUMID: RELEASE,
    });
    expect(first.statusCode, first.body).toBe(201);
    const song = second.json().data;
    expect(song).toMatchObject({
      artist: 'Nova feat. Echo',
      artists: [{ name: 'Nova' }, { name: 'Echo' }],
      trackNumber: 2,
      discNumber: 1,
      durationMs: 3000,
    });
    expect(first.json().data.albumId).toBe(song.albumId);

    const album = await t.app.inject({
      url: `/api/user/albums/${song.albumId}`,
      headers: listener.headers,
    });
    expect(album.json().data).toMatchObject({
      title: 'Night Drive (Deluxe)',
      artist: { name: 'Nova' },
      songCount: 2,
    });
    expect(album.json().data.songs.map((track: { title: string }) => track.title)).toEqual([
      'First',
      'Second',
    ]);

    const row = await t.database.db
      .selectFrom('songs')
      .selectAll()
      .where('id', '=', song._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      genre: 'other',
      genre_text: 'Synthwave',
      codec: 'FLAC',
      container: 'FLAC',
      album_artist: 'Nova',
      replaygain_track_gain: -6.5,
    });
    expect(song.replayGain).toMatchObject({ trackGain: -6.5 });
  });

  it("follows the admin's typed artist and album over the file's", async () => {
    const res = await upload(
      { TITLE: 'Typed', ARTIST: 'Nova', ALBUM: 'Night Drive', MUSICBRAINZ_ALBUMID: RELEASE },
      { artist: 'Someone Else', album: 'Their Album' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const song = res.json().data;
    expect(song.artists).toEqual([{ _id: expect.any(String), name: 'Someone Else', role: 'main' }]);
    const album = await t.app.inject({
      url: `/api/user/albums/${song.albumId}`,
      headers: listener.headers,
    });
    expect(album.json().data).toMatchObject({ title: 'Their Album', songCount: 1 });
  });
});
