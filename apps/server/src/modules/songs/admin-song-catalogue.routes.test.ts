import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lyricsMessages, MAX_LYRICS_BYTES, type SongLyrics } from '@cadenza/contract/lyrics';
import { songCatalogueMessages } from '@cadenza/contract/song-catalogue-form';
import { tagGenreMessages } from '@cadenza/contract/tag-genres';
import type { Song } from '@cadenza/contract/songs';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
import { createApiKey, restJson } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** The catalogue part of the admin's song edit: track, disc, artists, genres and lyrics. */

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
let apiKey: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
  apiKey = await createApiKey(t, listener);
});
afterAll(() => t.close());

type Node = Record<string, unknown>;

const putSong = (id: string, parts: Record<string, string>) =>
  injectForm(
    t.app,
    { method: 'PUT', url: `/api/admin/songs/${id}`, headers: admin.headers },
    parts,
  );

async function userSong(id: string): Promise<Song> {
  const res = await t.app.inject({ url: '/api/user/songs?limit=100', headers: listener.headers });
  const found = res.json<{ data: Song[] }>().data.find((song) => song._id === id);
  if (!found) throw new Error(`no song ${id}`);
  return found;
}

async function lyricsOf(id: string): Promise<SongLyrics | null> {
  const res = await t.app.inject({
    url: `/api/user/songs/${id}/lyrics`,
    headers: listener.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { lyrics: SongLyrics | null } }>().data.lyrics;
}

async function editedFields(id: string): Promise<string[]> {
  const row = await t.database.db
    .selectFrom('songs')
    .select('edited_fields')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.edited_fields === null ? [] : (JSON.parse(row.edited_fields) as string[]);
}

async function songRow(id: string) {
  return t.database.db
    .selectFrom('songs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('the admin song edit’s catalogue fields', () => {
  it('sets track, disc, artists with roles, genres and lyrics, shown everywhere at once', async () => {
    const { song } = await createSong(t, { title: 'Duet', artist: 'Old Singer', album: 'Pairs' });
    // Read once, so that the song page cache keeps the page.
    expect(await userSong(song._id)).toMatchObject({ trackNumber: null, artist: 'Old Singer' });

    const res = await putSong(song._id, {
      title: 'Duet',
      trackNumber: '4',
      discNumber: '2',
      artists: JSON.stringify([
        { name: 'Ana Lead', role: 'main' },
        { name: 'Bo Guest', role: 'featured' },
      ]),
      genres: JSON.stringify(['Dream Pop', 'Shoegaze']),
      lyrics: '[00:01.00]Hello\n[00:02.00]Again',
    });

    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<{ data: Song }>().data;
    expect(edited).toMatchObject({
      trackNumber: 4,
      discNumber: 2,
      artist: 'Ana Lead feat. Bo Guest',
      displayArtist: 'Ana Lead feat. Bo Guest',
      albumId: song.albumId,
      artists: [
        { _id: expect.any(String), name: 'Ana Lead', role: 'main' },
        { _id: expect.any(String), name: 'Bo Guest', role: 'featured' },
      ],
      genres: [
        { _id: expect.any(String), name: 'Dream Pop' },
        { _id: expect.any(String), name: 'Shoegaze' },
      ],
    });
    expect(await userSong(song._id)).toMatchObject({
      trackNumber: 4,
      discNumber: 2,
      displayArtist: 'Ana Lead feat. Bo Guest',
    });
    expect(await lyricsOf(song._id)).toMatchObject({
      source: 'edited',
      synced: true,
      lines: [
        { start: 1000, value: 'Hello' },
        { start: 2000, value: 'Again' },
      ],
    });
    const rest = (await restJson(t, 'getSong', { apiKey, c: 'test', id: `tr-${song._id}` }))
      .song as Node;
    expect(rest).toMatchObject({
      track: 4,
      discNumber: 2,
      artist: 'Ana Lead feat. Bo Guest',
      artists: [
        { id: expect.any(String), name: 'Ana Lead' },
        { id: expect.any(String), name: 'Bo Guest' },
      ],
      genres: [{ name: 'Dream Pop' }, { name: 'Shoegaze' }],
    });
    expect(await editedFields(song._id)).toEqual([
      'artists',
      'discNumber',
      'genres',
      'lyrics',
      'trackNumber',
    ]);
    // The former artist keeps the album (the song stays in it) but no longer the song.
    const formerArtist = song.artists[0]?._id ?? '';
    const artist = await t.app.inject({
      url: `/api/user/artists/${formerArtist}`,
      headers: listener.headers,
    });
    expect(artist.json()).toMatchObject({ data: { albumCount: 1, songCount: 0 } });
  });

  it('keeps the song in its album (and album artist) unless its album changes', async () => {
    const { song } = await createSong(t, {
      title: 'Track One',
      artist: 'Solo Act',
      album: 'Compilation',
      tags: { albumArtist: 'Various Artists', trackNumber: 1 },
    });

    const renamed = await putSong(song._id, { title: 'Track One (Remastered)', discNumber: '1' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: Song }>().data.albumId).toBe(song.albumId);
    expect((await songRow(song._id)).album_artist).toBe('Various Artists');

    const moved = await putSong(song._id, { album: 'Another Compilation' });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json<{ data: Song }>().data;
    expect(after.albumId).not.toBe(song.albumId);
    const album = await t.app.inject({
      url: `/api/user/albums/${after.albumId}`,
      headers: listener.headers,
    });
    expect(album.json()).toMatchObject({
      data: { title: 'Another Compilation', artist: { name: 'Various Artists' } },
    });
    expect(await editedFields(song._id)).toEqual(['album', 'discNumber', 'title']);
  });

  it('removes every lyrics of the song with empty lyrics', async () => {
    const { song } = await createSong(t);
    expect((await putSong(song._id, { lyrics: 'Plain words' })).statusCode).toBe(200);
    expect((await lyricsOf(song._id))?.source).toBe('edited');

    expect((await putSong(song._id, { lyrics: '' })).statusCode).toBe(200);
    expect(await lyricsOf(song._id)).toBeNull();
  });

  it('keeps long lyrics whole through the form, and refuses longer ones, never cut short', async () => {
    const { song } = await createSong(t);
    // 100 KB of lines: more than any other text a form carries.
    const lines = Array.from(
      { length: 4000 },
      (_, line) => `Line ${String(line).padStart(4, '0')} of the long song`,
    );
    const long = lines.join('\n');
    expect(long.length).toBeGreaterThan(100_000);
    expect((await putSong(song._id, { lyrics: long })).statusCode).toBe(200);
    const kept = await lyricsOf(song._id);
    expect(kept?.lines).toHaveLength(4000);
    expect(kept?.lines.at(-1)?.value).toBe('Line 3999 of the long song');

    const tooLong = await putSong(song._id, { lyrics: 'x'.repeat(MAX_LYRICS_BYTES + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toContainEqual(
      expect.objectContaining({ field: 'lyrics', message: lyricsMessages.tooLarge }),
    );
    const pastTheForm = await putSong(song._id, { lyrics: 'x'.repeat(2 * MAX_LYRICS_BYTES) });
    expect(pastTheForm.statusCode).toBe(413);
    expect(pastTheForm.json().message).toBe('The field "lyrics" is longer than a form may carry.');
    expect((await lyricsOf(song._id))?.lines).toHaveLength(4000);
  });

  it('refuses bad catalogue fields with field errors, writing nothing', async () => {
    const { song } = await createSong(t, { title: 'Untouched', artist: 'Same Singer' });
    const before = await songRow(song._id);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ trackNumber: '0' }, 'trackNumber', songCatalogueMessages.trackNumber],
      [{ discNumber: 'two' }, 'discNumber', songCatalogueMessages.discNumber],
      [
        { artists: JSON.stringify([{ name: 'Guest', role: 'featured' }]) },
        'artists',
        songCatalogueMessages.mainArtistRequired,
      ],
      [{ genres: JSON.stringify(['x'.repeat(101)]) }, 'genres.0', tagGenreMessages.tooLong],
    ];
    for (const [parts, field, message] of cases) {
      const res = await putSong(song._id, { title: 'Changed', ...parts });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field, message }));
    }
    expect(await songRow(song._id)).toEqual(before);
    expect(await lyricsOf(song._id)).toBeNull();
  });

  it('rolls everything back when a step of the edit fails', async () => {
    const { song } = await createSong(t, { title: 'Steady', artist: 'Firm Singer' });
    const before = await userSong(song._id);
    // The lyrics are the last write of the edit: a song_lyrics table that refuses it fails it.
    await t.database.db.schema.alterTable('song_lyrics').renameTo('song_lyrics_away').execute();
    try {
      const res = await putSong(song._id, {
        title: 'Shaken',
        trackNumber: '9',
        artists: JSON.stringify([{ name: 'Someone New', role: 'main' }]),
        genres: JSON.stringify(['Noise']),
        lyrics: 'Never kept',
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.schema.alterTable('song_lyrics_away').renameTo('song_lyrics').execute();
    }
    expect(await userSong(song._id)).toEqual(before);
    expect(await editedFields(song._id)).toEqual([]);
    const newArtist = await t.database.db
      .selectFrom('artists')
      .select('id')
      .where('name', '=', 'Someone New')
      .execute();
    expect(newArtist).toEqual([]);
  });
});
