import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album, ArtistDetail } from '@cadenza/contract/catalogue';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong, type CreatedSong, type SongOverrides } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * An artist's page lists their whole discography: their own releases by type, each newest first,
 * then the albums of others they appear on; an artist with no album of their own still has one.
 */

let t: TestApp;
let listener: CreatedUser;
const songs: Record<string, CreatedSong> = {};

async function add(name: string, overrides: SongOverrides): Promise<void> {
  songs[name] = await createSong(t, overrides);
}

function artistIdOf(name: string, artistName: string): string {
  const credit = songs[name]?.song.artists.find((artist) => artist.name === artistName);
  if (!credit) throw new Error(`${name} does not credit ${artistName}`);
  return credit._id;
}

async function artistPage(id: string): Promise<ArtistDetail> {
  const res = await t.app.inject({ url: `/api/user/artists/${id}`, headers: listener.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const titles = (albums: readonly Album[]) => albums.map((album) => album.title);

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  const nova = (album: string, releaseYear: number, tags: SongOverrides['tags'] = {}) => ({
    artist: 'Nova',
    album,
    releaseYear,
    tags: { albumArtist: 'Nova', ...tags },
  });
  await add('firstLight', {
    title: 'Dawn',
    ...nova('First Light', 2019, { releaseTypes: ['album'], releaseDate: '2019-04-01' }),
  });
  await add('firstLight2', { title: 'Noon', ...nova('First Light', 2019) });
  await add('secondSun', {
    title: 'Heat',
    ...nova('Second Sun', 2022, { releaseTypes: ['album'] }),
  });
  await add('neon', { title: 'Neon', ...nova('Neon EP', 2021, { releaseTypes: ['ep'] }) });
  await add('glow', { title: 'Glow', ...nova('Glow', 2023, { releaseTypes: ['single'] }) });
  await add('hits', {
    title: 'Dawn (Remaster)',
    ...nova('Greatest Hits', 2024, { releaseTypes: ['album', 'compilation'] }),
  });
  await add('live', {
    title: 'Heat (Live)',
    ...nova('Nova Live', 2020, { releaseTypes: ['album', 'live'] }),
  });
  // Appearances: a track on a various-artists compilation, and a featured credit on another's
  // album.
  await add('compilation', {
    title: 'Summer Heat',
    artist: 'Nova',
    album: 'Now 99',
    releaseYear: 2024,
    tags: {
      albumArtist: 'Various Artists',
      compilation: true,
      releaseTypes: ['album', 'compilation'],
    },
  });
  await add('featured', {
    title: 'Echoes',
    artist: 'Echo feat. Nova',
    album: 'Echo Chamber',
    releaseYear: 2020,
  });
  // Someone only ever featured: on Echo's album and on the compilation.
  await add('guestOnEcho', {
    title: 'Reverb',
    artist: 'Echo feat. Guest',
    album: 'Echo Chamber',
    releaseYear: 2020,
  });
  await add('guestOnCompilation', {
    title: 'Sunset',
    artist: 'Dusk feat. Guest',
    album: 'Now 99',
    releaseYear: 2024,
    tags: { albumArtist: 'Various Artists', compilation: true },
  });
});
afterAll(() => t.close());

describe('an artist’s page', () => {
  it('lists their releases by type (Albums, EPs, Singles, Compilations, Live), each newest first', async () => {
    const page = await artistPage(artistIdOf('firstLight', 'Nova'));
    expect(titles(page.albums)).toEqual([
      'Second Sun',
      'First Light',
      'Neon EP',
      'Glow',
      'Greatest Hits',
      'Nova Live',
    ]);
    expect(page.albums.find((album) => album.title === 'Neon EP')).toMatchObject({
      releaseTypes: ['ep'],
      isCompilation: false,
      releaseDate: null,
    });
    expect(page.albums.find((album) => album.title === 'First Light')).toMatchObject({
      releaseTypes: ['album'],
      releaseDate: '2019-04-01',
    });
    expect(page.albumCount).toBe(6);
  });

  it('then the albums of others they appear on, as a track artist or featured, newest first', async () => {
    const page = await artistPage(artistIdOf('firstLight', 'Nova'));
    expect(titles(page.appearsOn)).toEqual(['Now 99', 'Echo Chamber']);
    expect(page.appearsOnCount).toBe(2);
    expect(page.appearsOn[0]).toMatchObject({
      artist: { name: 'Various Artists' },
      isCompilation: true,
      releaseTypes: ['album', 'compilation'],
    });
    expect(page.appearsOn[1]?.artist.name).toBe('Echo');
    // Every song credited to them counts: their own and their appearances.
    expect(page.songCount).toBe(9);
  });

  it('gives an artist who only appears on others’ albums their songs and those albums', async () => {
    const page = await artistPage(artistIdOf('guestOnEcho', 'Guest'));
    expect(page).toMatchObject({ name: 'Guest', albumCount: 0, songCount: 2, appearsOnCount: 2 });
    expect(page.albums).toEqual([]);
    expect(titles(page.appearsOn)).toEqual(['Now 99', 'Echo Chamber']);
    expect(page.topSongs.map((song) => song.title).sort()).toEqual(['Reverb', 'Sunset']);
  });

  it('does not list an album of their own among those they appear on', async () => {
    const page = await artistPage(artistIdOf('featured', 'Echo'));
    expect(titles(page.albums)).toEqual(['Echo Chamber']);
    expect(page.appearsOn).toEqual([]);
  });
});
