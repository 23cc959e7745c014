import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Song } from '@cadenza/contract/songs';
import { untaggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { createApiKey, rest } from '../../../test/subsonic';
import { id3Tag, id3TextFrame } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * A file of a scanned folder swapped after the scan (for a link to a file outside, to the
 * server's own secret, for another file, or reached through a linked directory) is never
 * served: the signed /media URL and the download route answer 404, /rest stream and download
 * 404 too, with their not-found error (code 70) as the body, as for any missing file. Each
 * route asks for a song of its own directory, as the first refusal has that directory scanned
 * again.
 */

let music: string;
let outside: string;
let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
let apiKey: string;

beforeEach(async () => {
  music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-music-'));
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-outside-'));
  t = await createTestApp({ env: { MUSIC_DIR: music } });
  admin = await createAdmin(t);
  listener = await createUser(t);
  apiKey = await createApiKey(t, listener);
});
afterEach(async () => {
  await t.close();
  fs.rmSync(music, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

function song(title: string): Buffer {
  const tag = id3Tag(3, [id3TextFrame(3, 'TIT2', title), id3TextFrame(3, 'TPE1', 'Swappers')]);
  return Buffer.concat([tag, untaggedMp3()]);
}

type Route = 'media' | 'download' | 'rest stream' | 'rest download';
const ROUTES: readonly Route[] = ['media', 'download', 'rest stream', 'rest download'];

function fetchAudio(route: Route, found: Song): Promise<LightMyRequestResponse> {
  if (route === 'media') return t.app.inject({ url: found.audioFile });
  if (route === 'download') {
    return t.app.inject({
      url: `/api/user/songs/${found._id}/download`,
      headers: listener.headers,
    });
  }
  const endpoint = route === 'rest stream' ? 'stream' : 'download';
  return rest(t, endpoint, { apiKey, id: `tr-${found._id}` });
}

async function songs(): Promise<Song[]> {
  const res = await t.app.inject({ url: '/api/admin/songs?limit=100', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The file of each route's song: `<case>/<route>/song.mp3`, a directory each. */
function fileOf(swap: string, route: Route): string {
  return path.join(music, swap, route.replace(' ', '-'), 'song.mp3');
}

describe('a scanned file swapped after the scan', () => {
  it('is answered 404 on every route, and its directory is scanned again', async () => {
    const swaps = ['to-outside', 'to-secret', 'other-size', 'linked-dir'] as const;
    const original = new Map<string, Buffer>();
    for (const swap of swaps) {
      for (const route of ROUTES) {
        const file = fileOf(swap, route);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        const bytes = song(`${swap} ${route}`);
        fs.writeFileSync(file, bytes);
        original.set(file, bytes);
      }
    }
    expect(await t.services.libraryScans.run()).toMatchObject({
      added: 16,
      errorCount: 0,
    });
    const byTitle = new Map((await songs()).map((found) => [found.title, found]));
    const songOf = (swap: string, route: Route) => {
      const found = byTitle.get(`${swap} ${route}`);
      if (!found) throw new Error(`no song ${swap} ${route}`);
      return found;
    };

    const jwtSecret = path.join(t.dataDir, 'jwt-secret');
    fs.writeFileSync(jwtSecret, 'the signing key of every session');
    const replacements = new Map<string, Buffer>();
    for (const route of ROUTES) {
      const toOutside = fileOf('to-outside', route);
      const secret = path.join(outside, `secret of ${route}.txt`);
      // The very size of the file it replaces, so that no size check could tell.
      fs.writeFileSync(secret, Buffer.alloc(original.get(toOutside)?.length ?? 0, 'x'));
      fs.rmSync(toOutside);
      fs.symlinkSync(secret, toOutside);

      const toSecret = fileOf('to-secret', route);
      fs.rmSync(toSecret);
      fs.symlinkSync(jwtSecret, toSecret);

      const otherSize = fileOf('other-size', route);
      const replacement = song(`other-size ${route}, a longer title and another size`);
      fs.writeFileSync(otherSize, replacement);
      replacements.set(otherSize, replacement);

      const linked = path.dirname(fileOf('linked-dir', route));
      const away = path.join(outside, route.replace(' ', '-'));
      fs.renameSync(linked, away);
      fs.symlinkSync(away, linked);
    }

    for (const swap of swaps) {
      for (const route of ROUTES) {
        const res = await fetchAudio(route, songOf(swap, route));
        expect(res.statusCode, `${swap} on ${route}`).toBe(404);
        // /rest keeps the protocol's error body: code 70, not found.
        if (route.startsWith('rest')) {
          expect(res.body, `${swap} on ${route}`).toContain('<error code="70"');
        }
        expect(res.body).not.toContain('xxxx');
        expect(res.body).not.toContain('signing key');
      }
    }

    // Each refusal had its directory scanned again: the links are gone with their songs, and
    // the replaced file is the song's audio now.
    await t.services.libraryRescans.settled();
    const left = await songs();
    expect(left.map((found) => found.title).sort()).toEqual(
      ROUTES.map((route) => `other-size ${route}, a longer title and another size`).sort(),
    );
    for (const route of ROUTES) {
      const res = await fetchAudio(route, songOf('other-size', route));
      expect(res.statusCode, route).toBe(200);
      expect(
        res.rawPayload.equals(replacements.get(fileOf('other-size', route)) ?? Buffer.alloc(0)),
      ).toBe(true);
    }
    const rows = await t.database.db.selectFrom('library_files').select('path').execute();
    expect(rows.map((row) => row.path.split('/')[0])).toEqual(ROUTES.map(() => 'other-size'));
  });

  it('records the identity of every file it scans, and of rows scanned before it was kept', async () => {
    fs.writeFileSync(path.join(music, 'one.mp3'), song('One'));
    const scans = t.services.libraryScans;
    await scans.run();
    const [row] = await t.database.db.selectFrom('library_files').selectAll().execute();
    const stats = fs.statSync(path.join(music, 'one.mp3'), { bigint: true });
    expect(row?.identity).toBe(`${stats.dev}:${stats.ino}`);

    await t.database.db.updateTable('library_files').set({ identity: null }).execute();
    expect(await scans.run()).toMatchObject({ unchanged: 1, updated: 0 });
    const [again] = await t.database.db.selectFrom('library_files').selectAll().execute();
    expect(again?.identity).toBe(`${stats.dev}:${stats.ino}`);
  });
});
