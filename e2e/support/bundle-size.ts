import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(root, 'apps/web/dist');

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  file: string;
  gzipBytes: number;
}

export interface InitialJs {
  chunks: ChunkSize[];
  gzipBytes: number;
}

function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file))
    throw new Error(`No ${file}: run \`npm run build\` first (vite writes the manifest).`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

function gzipSize(dist: string, file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
}

/** A chunk and every chunk it imports statically: what the browser fetches before running it. */
function staticGraph(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticGraph(manifest, imported, seen);
  return seen;
}

function sizesOf(dist: string, manifest: Manifest, keys: Iterable<string>): InitialJs {
  const chunks = [...keys]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => file?.endsWith('.js') ?? false)
    .map((file) => ({ file, gzipBytes: gzipSize(dist, file) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { chunks, gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
}

/**
 * The JavaScript a page needs before its first paint: the entry, its static imports, and the
 * page's own chunk with its static imports when the page is loaded lazily.
 */
export function initialJs(pageSource: string, dist = WEB_DIST): InitialJs {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest names no entry chunk.');
  const keys = staticGraph(manifest, entry);
  // A page bundled into the entry has no chunk of its own: the entry's graph already holds it.
  const page = Object.keys(manifest).find((key) => key.endsWith(pageSource));
  if (page) staticGraph(manifest, page, keys);
  return sizesOf(dist, manifest, keys);
}

/** Each lazily loaded chunk with what it adds on top of the entry's static graph. */
export function routeChunks(dist = WEB_DIST): { source: string; gzipBytes: number }[] {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest names no entry chunk.');
  const shared = staticGraph(manifest, entry);
  return Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry)
    .map((key) => {
      const own = [...staticGraph(manifest, key)].filter((chunk) => !shared.has(chunk));
      return { source: key, gzipBytes: sizesOf(dist, manifest, own).gzipBytes };
    })
    .sort((a, b) => a.source.localeCompare(b.source));
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
