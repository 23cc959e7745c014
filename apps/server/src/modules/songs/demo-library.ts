import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { genreSchema } from '@cadenza/contract/songs';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import type { ObjectStore } from '../../storage/object-store';
import { peek, sniffAudio } from '../../storage/sniff';
import type { CatalogueTags } from '../../domain/grouping';
import type { CoverImages } from '../images/cover-images';
import type { StoredImage } from '../uploads/stored-files';
import type { SongWrites } from './song-writes';
import type { NewSong, SongsRepository } from './songs.repository';

const fileName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a file name inside the demo folder');

const requiredText = z.string().trim().min(1);

/**
 * apps/server/assets/demo/manifest.json, written by scripts/demo-library/generate.mjs. Besides
 * a song's fields, an entry says what its file's tags say of its album and artists: the album
 * artist, the track number and, for a song by more than one artist, the ARTISTS list.
 */
const manifestSchema = z.array(
  z.object({
    file: fileName,
    cover: fileName.nullish(),
    title: requiredText,
    artist: requiredText,
    artists: z.array(requiredText).min(2).nullish(),
    album: z.string().nullish(),
    albumArtist: requiredText.nullish(),
    trackNumber: z.number().int().positive().nullish(),
    genre: genreSchema,
    releaseYear: z.number().int().nullish(),
    duration: z.number().positive(),
  }),
);
type ManifestEntry = z.infer<typeof manifestSchema>[number];

export interface DemoLibraryDeps {
  readonly songs: SongsRepository;
  /** The songs of the library are added together or not at all. */
  readonly writes: SongWrites;
  readonly objects: ObjectStore;
  readonly covers: CoverImages;
  readonly log: { info(message: string): void; warn(message: string): void };
}

export class DemoLibraryError extends Error {}

export async function readDemoManifest(demoDir: string): Promise<ManifestEntry[] | null> {
  const file = path.join(demoDir, 'manifest.json');
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch {
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DemoLibraryError(`${file} is not valid JSON.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DemoLibraryError(
      `${file} is invalid at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'unknown problem'}`,
    );
  }
  return parsed.data;
}

/**
 * The manifest lists songs genre by genre; taking one of each genre in turn makes every "newest"
 * list (the landing page's eight, Discover's twelve) show the whole range of the library.
 */
export function interleaveByGenre<T extends { genre: string }>(entries: readonly T[]): T[] {
  const byGenre = new Map<string, T[]>();
  for (const entry of entries) {
    const list = byGenre.get(entry.genre) ?? [];
    list.push(entry);
    byGenre.set(entry.genre, list);
  }
  const queues = [...byGenre.values()];
  const ordered: T[] = [];
  for (let round = 0; ordered.length < entries.length; round += 1) {
    for (const queue of queues) {
      const entry = queue[round];
      if (entry) ordered.push(entry);
    }
  }
  return ordered;
}

/** What an entry's file says of its album and artists, as an upload of the file would read it. */
function catalogueTagsOf(entry: ManifestEntry): CatalogueTags {
  return {
    ...(entry.artists ? { artists: entry.artists } : {}),
    ...(entry.albumArtist ? { albumArtist: entry.albumArtist } : {}),
    ...(entry.trackNumber ? { trackNumber: entry.trackNumber } : {}),
  };
}

const unsupported = (file: string) => new DemoLibraryError(`${file} is not a supported file type.`);

/** Stores one demo audio file under `key`, after checking its type by its bytes. */
async function storeAudio(
  objects: ObjectStore,
  file: string,
  key: string,
): Promise<{ mime: string; bytes: number; sha256: string }> {
  const { head, stream } = await peek(fs.createReadStream(file));
  const type = sniffAudio(head);
  if (!type) {
    stream.destroy();
    throw unsupported(file);
  }
  const stored = await objects.put(key, stream, { contentType: type.mime });
  return { mime: type.mime, bytes: stored.bytes, sha256: stored.sha256 };
}

/** Stores one demo cover like an uploaded one. */
async function storeCover(covers: CoverImages, file: string): Promise<StoredImage> {
  try {
    return await covers.save(fs.createReadStream(file));
  } catch (error) {
    if (error instanceof AppError) throw unsupported(file);
    throw error;
  }
}

/**
 * Fills an empty library with the generated demo songs (docs/architecture.md §3: a fresh clone plays music
 * at once). Files go to the object store first, then every row (taking its cover) in one
 * transaction; if that fails or another server node got there first, the files written here
 * are removed again, and so are the covers whose picture was kept already.
 * Answers how many songs were added.
 */
export async function importDemoLibrary(deps: DemoLibraryDeps, demoDir: string): Promise<number> {
  if (!(await deps.songs.isEmpty())) return 0;
  const manifest = await readDemoManifest(demoDir);
  if (!manifest) {
    deps.log.warn(`No demo library at ${demoDir}: the library starts empty.`);
    return 0;
  }

  const audioWritten: string[] = [];
  // One stored image per cover file: the tracks of an album share theirs.
  const coversWritten = new Map<string, StoredImage>();
  const removeWritten = async (audio: readonly string[]) => {
    await Promise.all(audio.map((key) => deps.objects.delete(key)));
    for (const cover of coversWritten.values()) await deps.covers.discard(cover);
  };
  const newest = Date.now();
  try {
    const rows: NewSong[] = [];
    for (const [index, entry] of interleaveByGenre(manifest).entries()) {
      const id = newId();
      const audioKey = `audio/${id}`;
      const audio = await storeAudio(deps.objects, path.join(demoDir, entry.file), audioKey);
      audioWritten.push(audioKey);
      let cover: StoredImage | null = null;
      if (entry.cover) {
        cover =
          coversWritten.get(entry.cover) ??
          (await storeCover(deps.covers, path.join(demoDir, entry.cover)));
        coversWritten.set(entry.cover, cover);
      }
      rows.push({
        id,
        title: entry.title,
        artist: entry.artist,
        album: entry.album ?? null,
        genre: entry.genre,
        releaseYear: entry.releaseYear ?? null,
        duration: Math.max(1, Math.round(entry.duration)),
        cover,
        audioKey,
        audioMime: audio.mime,
        audioBytes: audio.bytes,
        // Its content's hash, so that the same file sent to the library is known as a duplicate.
        tags: { ...catalogueTagsOf(entry), sha256: audio.sha256 },
        // A second apart, in manifest order, so that "newest first" is stable and deliberate.
        createdAt: new Date(newest - index * 1000).toISOString(),
      });
    }
    const added = await deps.writes.insertIntoEmptyLibrary(rows);
    // Without rows, nothing written here is used; with them, only the covers kept already go.
    await removeWritten(added === 0 ? audioWritten : []);
    return added;
  } catch (error) {
    await removeWritten(audioWritten);
    throw error;
  }
}

/**
 * The SHA-256 of each audio file of the demo library, as its songs keep them: how its songs are
 * known wherever they are (none when the folder has no manifest).
 */
export async function demoContentHashes(demoDir: string): Promise<string[]> {
  const manifest = (await readDemoManifest(demoDir)) ?? [];
  const hashes: string[] = [];
  for (const entry of manifest) {
    const hash = createHash('sha256');
    for await (const chunk of fs.createReadStream(path.join(demoDir, entry.file))) {
      hash.update(chunk as Buffer);
    }
    hashes.push(hash.digest('hex'));
  }
  return hashes;
}
