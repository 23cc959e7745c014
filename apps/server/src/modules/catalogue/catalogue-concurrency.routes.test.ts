import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { FLAC_VORBIS_COMMENT, flacWithBlocks, vorbisComment } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Songs joining and leaving one album at the same moment, as a bulk upload makes them. */

let t: TestApp;
let admin: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

function sendTrack(album: string, track: number) {
  const flac = flacWithBlocks(1 + track, [
    [
      FLAC_VORBIS_COMMENT,
      vorbisComment({
        TITLE: `Track ${track}`,
        ARTIST: 'Crowd',
        ALBUM: album,
        TRACKNUMBER: String(track),
      }),
    ],
  ]);
  return injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/library/uploads', headers: admin.headers },
    { file: { filename: `${track}.flac`, contentType: 'audio/flac', content: flac } },
  );
}

describe('an album many songs join at once', () => {
  it('is created once, with every track', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map((track) => sendTrack('Rush', track)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const albumIds = new Set(
      answers.map(
        (answer) => answer.json<{ data: { song: { albumId: string } } }>().data.song.albumId,
      ),
    );
    expect(albumIds.size).toBe(1);
  });

  it('survives its last song leaving while another joins, never answering 500', async () => {
    for (let round = 0; round < 10; round += 1) {
      const album = `Revolving Door ${round}`;
      const first = await sendTrack(album, 1);
      const firstId = first.json<{ data: { song: { _id: string } } }>().data.song._id;
      const [removed, joined] = await Promise.all([
        t.app.inject({
          method: 'DELETE',
          url: `/api/admin/songs/${firstId}`,
          headers: admin.headers,
        }),
        sendTrack(album, 2),
      ]);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(joined.statusCode, joined.body).toBe(201);
      const song = joined.json<{ data: { song: { albumId: string } } }>().data.song;
      const listed = await t.app.inject({
        url: `/api/user/albums/${song.albumId}`,
        headers: admin.headers,
      });
      expect(listed.statusCode, listed.body).toBe(200);
    }
  });
});
