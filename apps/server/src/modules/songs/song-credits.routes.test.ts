import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Song } from '@cadenza/contract/songs';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
import { FLAC_VORBIS_COMMENT, flacWithBlocks, vorbisComment } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Song JSON credits its artists with their roles and as every screen shows them. */

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
});
afterAll(() => t.close());

function uploadTagged(tags: Record<string, string>) {
  const flac = flacWithBlocks(3, [[FLAC_VORBIS_COMMENT, vorbisComment(tags)]]);
  return injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
    { audioFile: { filename: 'track.flac', contentType: 'audio/flac', content: flac } },
  );
}

async function listedSong(id: string): Promise<Song | undefined> {
  const res = await t.app.inject({ url: '/api/user/songs', headers: listener.headers });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Song[]).find((song) => song._id === id);
}

describe('song JSON', () => {
  it('credits "DJ Kato feat. Lia Park & MC Rho" by role, and displays it as tagged', async () => {
    const res = await uploadTagged({
      TITLE: 'Night Shift',
      ARTIST: 'DJ Kato feat. Lia Park & MC Rho',
    });
    expect(res.statusCode, res.body).toBe(201);
    const song = res.json().data as Song;
    expect(song).toMatchObject({
      artist: 'DJ Kato feat. Lia Park & MC Rho',
      displayArtist: 'DJ Kato feat. Lia Park & MC Rho',
    });
    expect(song.artists).toEqual([
      { _id: expect.any(String), name: 'DJ Kato', role: 'main' },
      { _id: expect.any(String), name: 'Lia Park', role: 'featured' },
      { _id: expect.any(String), name: 'MC Rho', role: 'featured' },
    ]);
    expect(await listedSong(song._id)).toMatchObject({
      artists: song.artists,
      displayArtist: song.displayArtist,
    });
  });

  it('credits the artists of a multi-valued tag and of the title by the shared rule', async () => {
    const { song } = await createSong(t, {
      title: 'Bridge (feat. Cleo)',
      artist: 'Simon',
      tags: { artists: ['Simon', 'Garfunkel'] },
    });
    expect(song.artists.map(({ name, role }) => ({ name, role }))).toEqual([
      { name: 'Simon', role: 'main' },
      { name: 'Garfunkel', role: 'main' },
      { name: 'Cleo', role: 'featured' },
    ]);
    expect(song.displayArtist).toBe('Simon & Garfunkel feat. Cleo');
    expect((await listedSong(song._id))?.displayArtist).toBe('Simon & Garfunkel feat. Cleo');
  });
});
