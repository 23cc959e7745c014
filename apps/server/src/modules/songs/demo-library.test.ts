import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Album, AlbumDetail, Artist, ArtistDetail } from '@cadenza/contract/catalogue';
import { createAdmin, createUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
import { ASSETS_DIR, createTestApp, type TestApp } from '../../../test/test-app';
import {
  DemoLibraryError,
  importDemoLibrary,
  interleaveByGenre,
  readDemoManifest,
} from './demo-library';
import { SongsRepository } from './songs.repository';
import { readAudioTags } from '../audio-files/audio-tags';

const REAL_DEMO_DIR = path.join(ASSETS_DIR, 'demo');
const digestOf = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const warnings: string[] = [];
const log = { info: () => undefined, warn: (message: string) => void warnings.push(message) };

function demoEntry(base: string, overrides: Record<string, unknown> = {}) {
  return {
    file: `${base}.mp3`,
    cover: `${base}.jpg`,
    title: `Title of ${base}`,
    artist: 'Fixture Band',
    album: 'Fixtures',
    genre: 'jazz',
    releaseYear: 2024,
    duration: 36.6,
    ...overrides,
  };
}

/** Manifest entries album by album, in manifest order. */
function tracksByAlbum<T extends { album?: string | null }>(
  entries: readonly T[],
): Map<string, T[]> {
  const albums = new Map<string, T[]>();
  for (const entry of entries) {
    const album = entry.album ?? '';
    albums.set(album, [...(albums.get(album) ?? []), entry]);
  }
  return albums;
}

/** The bundled manifest as written, before the server's schema reads it. */
const REAL_MANIFEST = JSON.parse(
  fs.readFileSync(path.join(REAL_DEMO_DIR, 'manifest.json'), 'utf8'),
) as { file: string; cover: string }[];

/** Two real generated songs (file names without extension) to build fixture folders from. */
const [FIRST, SECOND] = REAL_MANIFEST.slice(0, 2).map((entry) =>
  entry.file.replace(/\.mp3$/, ''),
) as [string, string];

/**
 * A demo folder holding the two real songs, each with its album's cover as `<song>.jpg`,
 * `manifest.json` (JSON, or raw text) and `files`.
 */
function fixtureDir(manifest: unknown, files: Record<string, Buffer | string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-demo-fixture-'));
  for (const entry of REAL_MANIFEST.slice(0, 2)) {
    const base = entry.file.replace(/\.mp3$/, '');
    fs.copyFileSync(path.join(REAL_DEMO_DIR, entry.file), path.join(dir, entry.file));
    fs.copyFileSync(path.join(REAL_DEMO_DIR, entry.cover), path.join(dir, `${base}.jpg`));
  }
  const text = typeof manifest === 'string' ? manifest : JSON.stringify(manifest);
  fs.writeFileSync(path.join(dir, 'manifest.json'), text);
  for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), bytes);
  dirs.push(dir);
  return dir;
}

let t: TestApp;
const dirs: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  await t.database.db.deleteFrom('songs').execute();
  await t.database.db.deleteFrom('albums').execute();
  await t.database.db.deleteFrom('artists').execute();
  warnings.length = 0;
});

const deps = () => ({
  songs: new SongsRepository(t.database.db),
  writes: t.services.songWrites,
  objects: t.blobs,
  covers: t.services.covers,
  log,
});
const blobKeys = () => {
  const root = t.blobs.root;
  return ['audio', 'images'].flatMap((folder) =>
    fs.existsSync(path.join(root, folder))
      ? fs.readdirSync(path.join(root, folder)).map((name) => `${folder}/${name}`)
      : [],
  );
};

describe('importDemoLibrary', () => {
  it('adds every song of the manifest, in order, with its files in the store', async () => {
    const dir = fixtureDir([demoEntry(FIRST), demoEntry(SECOND, { cover: null })]);
    expect(await importDemoLibrary(deps(), dir)).toBe(2);

    const user = await createUser(t);
    const res = await t.app.inject({ url: '/api/user/songs', headers: user.headers });
    const songs = res.json().data;
    expect(songs.map((song: { title: string }) => song.title)).toEqual(
      fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.mp3'))
        .sort()
        .map((name) => `Title of ${name.replace(/\.mp3$/, '')}`),
    );
    expect(songs[0]).toMatchObject({
      artist: 'Fixture Band',
      album: 'Fixtures',
      genre: 'jazz',
      releaseYear: 2024,
      duration: 37,
    });
    expect(songs[0].coverImage).toMatch(/^\/media\/images\/[0-9a-f-]{36}$/);
    expect(songs[1].coverImage).toBe('/media/defaults/song.jpg');
    expect(songs[0].createdAt).not.toBe(songs[1].createdAt);

    const audio = await t.app.inject({ url: songs[0].audioFile, headers: { range: 'bytes=0-2' } });
    expect(audio.statusCode).toBe(206);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    const cover = await t.app.inject({ url: songs[0].coverImage });
    expect(cover.statusCode).toBe(200);
  });

  it('does nothing when the library already has songs', async () => {
    await createSong(t);
    const dir = fixtureDir([demoEntry(FIRST)]);
    expect(await importDemoLibrary(deps(), dir)).toBe(0);
    const count = await t.database.db
      .selectFrom('songs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('warns and adds nothing when there is no manifest', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-no-demo-'));
    dirs.push(dir);
    expect(await importDemoLibrary(deps(), dir)).toBe(0);
    expect(warnings).toEqual([expect.stringContaining('No demo library')]);
  });

  it.each([
    ['not JSON', '{'],
    ['an unknown genre', [demoEntry(FIRST, { genre: 'polka' })]],
    ['a path outside the folder', [demoEntry(FIRST, { file: '../../etc/passwd' })]],
    ['a track number that is not a whole number', [demoEntry(FIRST, { trackNumber: 1.5 })]],
    ['a list of artists of one', [demoEntry(FIRST, { artists: ['Fixture Band'] })]],
  ])('rejects a manifest with %s and adds nothing', async (_what, manifest) => {
    const dir = fixtureDir(manifest);
    const before = blobKeys();
    await expect(importDemoLibrary(deps(), dir)).rejects.toBeInstanceOf(DemoLibraryError);
    expect(await new SongsRepository(t.database.db).isEmpty()).toBe(true);
    expect(blobKeys()).toEqual(before);
  });

  it('rejects a file that is not audio, leaving no rows and no audio files', async () => {
    const dir = fixtureDir([demoEntry(FIRST), demoEntry('fake', { cover: null })], {
      'fake.mp3': 'this is plain text, not an mp3 at all',
    });
    const audioBefore = blobKeys().filter((key) => key.startsWith('audio/'));
    await expect(importDemoLibrary(deps(), dir)).rejects.toThrow(/not a supported file type/);
    expect(await new SongsRepository(t.database.db).isEmpty()).toBe(true);
    expect(blobKeys().filter((key) => key.startsWith('audio/'))).toEqual(audioBefore);
  });
});

describe('interleaveByGenre', () => {
  it('takes one song of each genre in turn so that the newest songs span the genres', () => {
    const entries = [
      demoEntry('p1', { genre: 'pop' }),
      demoEntry('p2', { genre: 'pop' }),
      demoEntry('p3', { genre: 'pop' }),
      demoEntry('r1', { genre: 'rock' }),
      demoEntry('j1', { genre: 'jazz' }),
      demoEntry('j2', { genre: 'jazz' }),
    ];
    const order = interleaveByGenre(entries).map((entry) => entry.file.replace('.mp3', ''));
    expect(order).toEqual(['p1', 'r1', 'j1', 'p2', 'j2', 'p3']);
  });
});

describe('the bundled demo library', () => {
  it('holds at least 24 songs of at least 30 s across all seven genres, newest first spanning them', async () => {
    const manifest = (await readDemoManifest(REAL_DEMO_DIR)) ?? [];
    expect(manifest.length).toBeGreaterThanOrEqual(24);
    expect(new Set(manifest.map((entry) => entry.genre))).toEqual(
      new Set(['pop', 'rock', 'hip-hop', 'jazz', 'classical', 'electronic', 'other']),
    );
    for (const entry of manifest) expect(entry.duration).toBeGreaterThanOrEqual(30);
    const newestSeven = interleaveByGenre(manifest).slice(0, 7);
    expect(new Set(newestSeven.map((entry) => entry.genre)).size).toBe(7);
  });

  it('is real tagged MP3 music: tags, embedded cover, at least 30 s, every file different', async () => {
    const manifest = (await readDemoManifest(REAL_DEMO_DIR)) ?? [];
    const audioDigests = new Set<string>();
    for (const entry of manifest) {
      const file = path.join(REAL_DEMO_DIR, entry.file);
      const { format, common } = await parseFile(file);
      expect(format.container, entry.file).toBe('MPEG');
      expect(format.codec, entry.file).toMatch(/MPEG 1 Layer 3/);
      expect(format.duration ?? 0, entry.file).toBeGreaterThanOrEqual(30);
      expect(common.title).toBe(entry.title);
      expect(common.artist).toBe(entry.artist);
      expect(common.album).toBe(entry.album);
      expect(common.genre).toEqual([entry.genre]);
      expect(common.year).toBe(entry.releaseYear);
      expect(common.picture?.[0]?.format).toBe('image/jpeg');
      audioDigests.add(digestOf(file));
    }
    expect(audioDigests.size).toBe(manifest.length);
  });

  it('says in its files what its manifest says of albums and artists, as an upload reads them', async () => {
    const manifest = (await readDemoManifest(REAL_DEMO_DIR)) ?? [];
    for (const entry of manifest) {
      const tags = await readAudioTags(fs.createReadStream(path.join(REAL_DEMO_DIR, entry.file)), {
        mime: 'audio/mpeg',
      });
      expect(tags.catalogue, entry.file).toMatchObject({
        albumArtist: entry.albumArtist,
        trackNumber: entry.trackNumber,
      });
      expect(tags.catalogue?.artists, entry.file).toEqual(entry.artists ?? undefined);
    }
  });

  it('groups its songs into albums of 4 to 6 tracks, numbered in order, with one cover each', async () => {
    const manifest = (await readDemoManifest(REAL_DEMO_DIR)) ?? [];
    const albums = tracksByAlbum(manifest);
    for (const [album, tracks] of albums) {
      expect(tracks.length, `${album}`).toBeGreaterThanOrEqual(4);
      expect(tracks.length, `${album}`).toBeLessThanOrEqual(6);
      expect(tracks.map((track) => track.trackNumber)).toEqual(tracks.map((_, i) => i + 1));
      expect(new Set(tracks.map((track) => track.albumArtist)).size).toBe(1);
      expect(new Set(tracks.map((track) => track.cover)).size).toBe(1);
    }
    const covers = new Set(manifest.map((entry) => entry.cover));
    expect(covers.size).toBe(albums.size);
    const coverDigests = [...covers].map((cover) =>
      digestOf(path.join(REAL_DEMO_DIR, cover ?? '')),
    );
    expect(new Set(coverDigests).size).toBe(albums.size);
  });

  it('has a valid manifest whose files all exist', async () => {
    const manifest = await readDemoManifest(REAL_DEMO_DIR);
    expect(manifest?.length).toBeGreaterThan(0);
    for (const entry of manifest ?? []) {
      expect(fs.existsSync(path.join(REAL_DEMO_DIR, entry.file)), entry.file).toBe(true);
      if (entry.cover) expect(fs.existsSync(path.join(REAL_DEMO_DIR, entry.cover))).toBe(true);
    }
  });
});

describe('the bundled demo library, once imported', () => {
  const get = async <T>(url: string, headers: Record<string, string>): Promise<T> => {
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<{ data: T }>().data;
  };

  it('lists its albums, each by its album artist, tracks numbered in order, sharing one cover', async () => {
    const manifest = (await readDemoManifest(REAL_DEMO_DIR)) ?? [];
    expect(await importDemoLibrary(deps(), REAL_DEMO_DIR)).toBe(manifest.length);
    const { headers } = await createUser(t);

    const albums = await get<Album[]>('/api/user/albums?sort=title&limit=100', headers);
    const expected = tracksByAlbum(manifest);
    expect(albums.map((album) => album.title).sort()).toEqual([...expected.keys()].sort());
    for (const album of albums) {
      const tracks = expected.get(album.title) ?? [];
      expect(album.songCount, album.title).toBeGreaterThanOrEqual(4);
      expect(album.songCount, album.title).toBeLessThanOrEqual(6);
      expect(album.songCount).toBe(tracks.length);
      expect(album.artist.name).toBe(tracks[0]?.albumArtist);
      expect(album.coverImage).toMatch(/^\/media\/images\/[0-9a-f-]{36}$/);

      const detail = await get<AlbumDetail>(`/api/user/albums/${album._id}`, headers);
      expect(detail.songs.map((song) => song.title)).toEqual(tracks.map((track) => track.title));
      expect(detail.songs.map((song) => song.trackNumber)).toEqual(tracks.map((_, i) => i + 1));
      for (const song of detail.songs) {
        expect(song.albumId).toBe(album._id);
        expect(song.coverImage, song.title).toBe(album.coverImage);
      }
    }
    expect(new Set(albums.map((album) => album.coverImage)).size).toBe(albums.length);
    const kept = await t.database.db
      .selectFrom('images')
      .select('key')
      .where(
        'key',
        'in',
        albums.map((album) => album.coverImage.replace('/media/', '')),
      )
      .execute();
    expect(kept).toHaveLength(albums.length);
  });

  it('knows its files by content: the same file sent to the library is a duplicate', async () => {
    const manifest = (await readDemoManifest(REAL_DEMO_DIR)) ?? [];
    await importDemoLibrary(deps(), REAL_DEMO_DIR);
    const admin = await createAdmin(t);
    const entry = manifest[0];
    const sent = await injectForm(
      t.app,
      { method: 'POST', url: '/api/admin/library/uploads', headers: admin.headers },
      {
        file: {
          filename: 'renamed.mp3',
          contentType: 'audio/mpeg',
          content: fs.readFileSync(path.join(REAL_DEMO_DIR, entry?.file ?? '')),
        },
      },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ data: unknown }>().data).toMatchObject({
      outcome: 'duplicate',
      song: { title: entry?.title },
    });
  });

  it('lists its featured artists, each with the song that features them', async () => {
    const manifest = (await readDemoManifest(REAL_DEMO_DIR)) ?? [];
    await importDemoLibrary(deps(), REAL_DEMO_DIR);
    const { headers } = await createUser(t);
    const featuring = manifest.filter((entry) => entry.artists);
    expect(featuring.length).toBeGreaterThan(0);

    const artists = await get<Artist[]>('/api/user/artists?limit=100', headers);
    for (const entry of featuring) {
      const [main, ...guests] = entry.artists ?? [];
      for (const guest of guests) {
        const artist = artists.find((candidate) => candidate.name === guest);
        expect(artist, `${guest} on ${entry.title}`).toBeDefined();
        expect(artist).toMatchObject({ albumCount: 0, songCount: 1 });
        const detail = await get<ArtistDetail>(`/api/user/artists/${artist?._id}`, headers);
        expect(detail.albums).toEqual([]);
        expect(detail.topSongs.map((song) => song.title)).toEqual([entry.title]);
        expect(detail.topSongs[0]?.artists.map((credit) => credit.name)).toEqual([main, guest]);
      }
      const albumArtist = artists.find((candidate) => candidate.name === main);
      expect(albumArtist?.albumCount, main).toBe(1);
    }
  });
});
