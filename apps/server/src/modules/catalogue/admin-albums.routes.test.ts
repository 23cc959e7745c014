import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumFormMessages } from '@cadenza/contract/album-form';
import type { AlbumDetail, ArtistDetail } from '@cadenza/contract/catalogue';
import type { Song } from '@cadenza/contract/songs';
import { releaseYearMessage } from '@cadenza/contract/song-form';
import { tagGenreMessages } from '@cadenza/contract/tag-genres';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { pngBytes } from '../../../test/media-files';
import { injectForm } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
import { createApiKey, restJson } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

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

const putAlbum = (id: string, payload: object, who: CreatedUser = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/albums/${id}`, headers: who.headers, payload });

async function albumDetail(id: string): Promise<AlbumDetail> {
  const res = await t.app.inject({ url: `/api/user/albums/${id}`, headers: listener.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AlbumDetail }>().data;
}

/** The songs' list, as the song page cache answers it. */
async function listedAlbumTexts(songIds: readonly string[]): Promise<Array<string | null>> {
  const res = await t.app.inject({ url: '/api/user/songs?limit=100', headers: listener.headers });
  const songs = res.json<{ data: Song[] }>().data;
  return songIds.map((id) => songs.find((song) => song._id === id)?.album ?? null);
}

async function albumRow(id: string) {
  return t.database.db
    .selectFrom('albums')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Two tracks of one album whose artist is only the album's: "Label Mix". */
async function compilation(title: string) {
  const tags = { albumArtist: 'Label Mix' };
  const first = await createSong(t, { title: `${title} A`, artist: 'Act One', album: title, tags });
  const second = await createSong(t, {
    title: `${title} B`,
    artist: 'Act Two',
    album: title,
    tags,
  });
  const albumId = first.song.albumId ?? '';
  expect(second.song.albumId).toBe(albumId);
  return { albumId, songs: [first.song, second.song] };
}

describe('the admin’s album edit', () => {
  it('changes title, artist, year and genres in one go, shown everywhere at once', async () => {
    const { albumId, songs } = await compilation('Summer Hits');
    const before = await albumRow(albumId);
    const formerArtistId = before.album_artist_id;
    const ids = songs.map((song) => song._id);
    // Read once, so that the song page cache keeps the page.
    expect(await listedAlbumTexts(ids)).toEqual(['Summer Hits', 'Summer Hits']);

    const res = await putAlbum(albumId, {
      title: 'Summer Hits 2024',
      albumArtist: 'Beach Records',
      year: 2024,
      genres: ['Pop', 'Dance'],
    });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: albumId,
      title: 'Summer Hits 2024',
      artist: { name: 'Beach Records' },
      year: 2024,
    });
    const detail = await albumDetail(albumId);
    expect(detail).toMatchObject({
      title: 'Summer Hits 2024',
      artist: { name: 'Beach Records' },
      year: 2024,
    });
    for (const song of detail.songs) {
      expect(song.album).toBe('Summer Hits 2024');
      expect(song.genres.map((genre) => genre.name)).toEqual(['Pop', 'Dance']);
      // Its own credits stay.
      expect(song.artists.map((artist) => artist.name)).not.toContain('Beach Records');
    }
    expect(detail.songs.map((song) => song._id).sort()).toEqual([...ids].sort());
    expect(await listedAlbumTexts(ids)).toEqual(['Summer Hits 2024', 'Summer Hits 2024']);

    const artist = await t.app.inject({
      url: `/api/user/artists/${detail.artist._id}`,
      headers: listener.headers,
    });
    expect(artist.statusCode).toBe(200);
    const artistDetail = artist.json<{ data: ArtistDetail }>().data;
    expect(artistDetail.albums.map((album) => album.title)).toEqual(['Summer Hits 2024']);
    // The former album artist had nothing else: gone.
    const former = await t.app.inject({
      url: `/api/user/artists/${formerArtistId}`,
      headers: listener.headers,
    });
    expect(former.statusCode).toBe(404);

    const rest = (await restJson(t, 'getAlbum', { apiKey, c: 'test', id: `al-${albumId}` }))
      .album as Node;
    expect(rest).toMatchObject({
      name: 'Summer Hits 2024',
      artist: 'Beach Records',
      year: 2024,
      songCount: 2,
    });
    const restSongs = rest.song as Node[];
    expect(restSongs.map((song) => song.album)).toEqual(['Summer Hits 2024', 'Summer Hits 2024']);

    const after = await albumRow(albumId);
    expect(after.group_key).toBe(before.group_key);
    expect(JSON.parse(after.edited_fields ?? '[]')).toEqual([
      'albumArtist',
      'genres',
      'title',
      'year',
    ]);
  });

  it('moves a tagged release date of another year with the year, and the songs’ years', async () => {
    const tags = { albumArtist: 'Dated Band', releaseDate: '2004-03-02' };
    const { song } = await createSong(t, {
      title: 'Dated One',
      artist: 'Dated Band',
      album: 'Dated',
      releaseYear: 2004,
      tags,
    });
    const albumId = song.albumId ?? '';
    expect(await albumDetail(albumId)).toMatchObject({ year: 2004, releaseDate: '2004-03-02' });
    // The year it already has: the whole date stays.
    expect((await putAlbum(albumId, { title: 'Dated', year: 2004 })).statusCode).toBe(200);
    expect((await albumDetail(albumId)).releaseDate).toBe('2004-03-02');

    expect((await putAlbum(albumId, { title: 'Dated', year: 2011 })).statusCode).toBe(200);
    const detail = await albumDetail(albumId);
    expect(detail).toMatchObject({ year: 2011, releaseDate: '2011' });
    expect(detail.songs.map((track) => track.releaseYear)).toEqual([2011]);
    const rest = (await restJson(t, 'getAlbum', { apiKey, c: 'test', id: `al-${albumId}` }))
      .album as Node;
    expect(rest).toMatchObject({ year: 2011, releaseDate: { year: 2011 } });
    expect((rest.song as Node[]).map((track) => track.year)).toEqual([2011]);
    const edited = await t.database.db
      .selectFrom('songs')
      .select('edited_fields')
      .where('id', '=', song._id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(edited.edited_fields ?? '[]')).toEqual(['releaseYear']);
  });

  it('takes a cover as a multipart form', async () => {
    const { albumId } = await compilation('Covered');
    const res = await injectForm(
      t.app,
      { method: 'PUT', url: `/api/admin/albums/${albumId}`, headers: admin.headers },
      {
        title: 'Covered',
        coverImage: { filename: 'cover.png', contentType: 'image/png', content: pngBytes('album') },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const cover = res.json<{ data: { coverImage: string } }>().data.coverImage;
    expect(cover).toMatch(/^\/media\/images\//);
    expect((await albumDetail(albumId)).coverImage).toBe(cover);
    expect(JSON.parse((await albumRow(albumId)).edited_fields ?? '[]')).toEqual(['cover']);
  });

  it('refuses a bad edit with field errors, or 404 for an unknown album, writing nothing', async () => {
    const { albumId } = await compilation('Untouched');
    const before = await albumRow(albumId);
    const cases: Array<[object, string, string]> = [
      [{ title: '' }, 'title', albumFormMessages.titleRequired],
      [{ title: 'x'.repeat(201) }, 'title', albumFormMessages.titleTooLong],
      [{ title: 'Fine', year: 1800 }, 'year', releaseYearMessage()],
      [{ title: 'Fine', genres: ['Rock', 'x'.repeat(101)] }, 'genres.1', tagGenreMessages.tooLong],
    ];
    for (const [payload, field, message] of cases) {
      const res = await putAlbum(albumId, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field, message }));
    }
    const unknown = await putAlbum('00000000-0000-7000-8000-000000000000', { title: 'Ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('album_not_found');
    expect(await albumRow(albumId)).toEqual(before);
    const ghost = await t.database.db
      .selectFrom('albums')
      .select('id')
      .where('title', '=', 'Ghost')
      .execute();
    expect(ghost).toEqual([]);
  });

  it('is for administrators only', async () => {
    const { albumId } = await compilation('Guarded');
    expect((await putAlbum(albumId, { title: 'Mine now' }, listener)).statusCode).toBe(403);
    expect((await albumDetail(albumId)).title).toBe('Guarded');
  });
});
