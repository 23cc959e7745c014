import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { jpegBytes } from '../../test/media-files';
import { createSong, type CreatedSong } from '../../test/songs';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * SITE_MODE=private: covers are for members. The pages a member loads carry signed, expiring
 * image URLs (an `<img>` sends no session header); a visitor who knows or guesses a cover's key
 * gets nothing.
 */

let t: TestApp;
let listener: CreatedUser;
let covered: CreatedSong;
let other: CreatedSong;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_MODE: 'private' } });
  listener = await createUser(t);
  covered = await createSong(t, { title: 'Covered', cover: jpegBytes('a private cover') });
  other = await createSong(t, { title: 'Other', cover: jpegBytes('another private cover') });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The cover URL a member's page shows for a song. */
async function coverUrlOf(title: string): Promise<string> {
  const res = await t.app.inject({ url: '/api/general/songs', headers: listener.headers });
  expect(res.statusCode).toBe(200);
  const songs = res.json().data as Array<{ title: string; coverImage: string }>;
  const found = songs.find((song) => song.title === title);
  if (!found) throw new Error(`no song ${title}`);
  return found.coverImage;
}

describe('images on a private site', () => {
  it('are signed in what members load, and load with and without a size', async () => {
    const url = await coverUrlOf('Covered');
    const key = covered.row.cover_key ?? '';
    expect(url).toMatch(new RegExp(`^/media/${key}\\?expires=\\d+&signature=[\\w-]+$`));
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(whole.headers['cache-control']).toMatch(/^private/);
    // The web adds the size it shows (cover-source.ts) to the signed URL.
    const sized = await get(`${url}&size=96`);
    expect(sized.statusCode).toBe(200);
    expect(sized.headers['cache-control']).toMatch(/^private/);
  });

  it('are refused to a visitor without a valid signature, with or without a size', async () => {
    const key = covered.row.cover_key ?? '';
    const url = await coverUrlOf('Covered');
    const { searchParams } = new URL(url, 'http://localhost');
    const expires = searchParams.get('expires') ?? '';
    const otherUrl = await coverUrlOf('Other');
    const otherSignature = new URL(otherUrl, 'http://localhost').searchParams.get('signature');
    const longAgo = Date.now() - 7 * 60 * 60 * 1000;
    for (const refused of [
      `/media/${key}`,
      `/media/${key}?size=96`,
      `/media/${key}?expires=${expires}&signature=forged`,
      `/media/${key}?expires=${expires}&signature=${otherSignature}`,
      `/media/${key}?expires=${Number(expires) + 600}&signature=${searchParams.get('signature')}`,
      t.container.mediaUrls.image(key, 'song', longAgo),
    ]) {
      const res = await get(refused);
      expect(res.statusCode, refused).toBe(403);
      expect(res.json().code).toBe('invalid_media_link');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(other.row.cover_key).not.toBe(key);
  });

  it('keeps the bundled default pictures open: they show nothing of the library', async () => {
    expect((await get('/media/defaults/song.jpg')).statusCode).toBe(200);
  });
});
