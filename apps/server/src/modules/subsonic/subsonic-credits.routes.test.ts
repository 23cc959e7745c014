import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Song } from '@cadenza/contract/songs';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
import { createApiKey, rest, restBoth, type RestParams } from '../../../test/subsonic';
import { FLAC_VORBIS_COMMENT, flacWithBlocks, vorbisComment } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** /rest credits a song's artists as every screen does: `artist` and `displayArtist` alike. */

let t: TestApp;
let admin: CreatedUser;
let auth: RestParams;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  auth = { apiKey: await createApiKey(t, await createUser(t)), c: 'credits-test' };
});
afterAll(() => t.close());

async function uploadTagged(tags: Record<string, string>): Promise<Song> {
  const flac = flacWithBlocks(3, [[FLAC_VORBIS_COMMENT, vorbisComment(tags)]]);
  const res = await injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
    { audioFile: { filename: 'track.flac', contentType: 'audio/flac', content: flac } },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Song;
}

/** getSong in JSON, checked to say the same in XML (`restBoth`). */
async function subsonicSong(song: Song): Promise<Record<string, unknown>> {
  return (await restBoth(t, 'getSong', { ...auth, id: `tr-${song._id}` })).song as Record<
    string,
    unknown
  >;
}

describe('getSong', () => {
  it('credits "DJ Kato feat. Lia Park & MC Rho" as tagged, listing every artist', async () => {
    const song = await uploadTagged({
      TITLE: 'Night Shift',
      ARTIST: 'DJ Kato feat. Lia Park & MC Rho',
    });
    const answer = await subsonicSong(song);
    expect(answer).toMatchObject({
      artist: 'DJ Kato feat. Lia Park & MC Rho',
      displayArtist: 'DJ Kato feat. Lia Park & MC Rho',
      artistId: `ar-${song.artists[0]?._id}`,
    });
    expect(answer.artists).toEqual(
      song.artists.map((artist) => ({ id: `ar-${artist._id}`, name: artist.name })),
    );
    expect((answer.artists as unknown[]).length).toBe(3);
    const xml = (await rest(t, 'getSong', { ...auth, id: `tr-${song._id}` })).body;
    expect(xml).toContain(' artist="DJ Kato feat. Lia Park &amp; MC Rho"');
    expect(xml).toContain(' displayArtist="DJ Kato feat. Lia Park &amp; MC Rho"');
  });

  it('credits multi-valued and title-featured artists by the shared rule', async () => {
    const { song } = await createSong(t, {
      title: 'Bridge (feat. Cleo)',
      artist: 'Simon',
      tags: { artists: ['Simon', 'Garfunkel'] },
    });
    expect(await subsonicSong(song)).toMatchObject({
      artist: 'Simon & Garfunkel feat. Cleo',
      displayArtist: 'Simon & Garfunkel feat. Cleo',
    });
  });
});
