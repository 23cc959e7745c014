import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tar from 'tar-stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { countedRows } from '../../db/database-copies';
import { databaseEnv, runCadenza } from '../../../test/cli';
import { createPlaylist, createSong, createUser, type CreatedUser } from '../../../test/factories';
import { createApiKey } from '../../../test/subsonic';
import { onPostgres } from '../../../test/dialects';
import { createTestApp, TEST_JWT_SECRET, testDialect, type TestApp } from '../../../test/test-app';

/**
 * `cadenza backup` and `cadenza restore` in processes of their own: a backup of a server that
 * goes on writing, restored into a new data folder (and, on PostgreSQL, a recreated schema) under
 * a new server, which must answer for everything the backup held.
 */

const TIMEOUT = { timeout: 120_000 };
const folders: string[] = [];
const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-backup-test-'));
  folders.push(made);
  return made;
}

async function app(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const made = await createTestApp(options);
  apps.push(made);
  return made;
}

/** What the command line needs to reach `t`'s database, and the secret its server signs with. */
const envOf = (t: TestApp, dataDir = t.dataDir) => ({
  JWT_SECRET: TEST_JWT_SECRET,
  ...databaseEnv(t),
  DATA_DIR: dataDir,
});

const play = (t: TestApp, user: CreatedUser, songId: string) =>
  t.app.inject({ method: 'POST', url: `/api/user/songs/${songId}/play`, headers: user.headers });

/** The archive's path: the one line `cadenza backup` prints on stdout. */
function archiveOf(stdout: string): string {
  const match = /^(\S+\.tar\.gz) \([\d.]+ MB\)\n$/.exec(stdout);
  if (!match?.[1]) throw new Error(`no archive in ${JSON.stringify(stdout)}`);
  return match[1];
}

describe('cadenza backup and restore', () => {
  it(
    'backs up a server that goes on writing, and a new server on the restored copy answers for all of it',
    TIMEOUT,
    async () => {
      const t = await app();
      const listener = await createUser(t);
      const kept = [await createSong(t), await createSong(t), await createSong(t)];
      const playlistId = await createPlaylist(t, listener, {
        name: 'Kept',
        songIds: kept.map((song) => song.id),
      });
      for (const song of [kept[0]!, kept[0]!, kept[1]!]) await play(t, listener, song.id);
      const appKey = encodeURIComponent(await createApiKey(t, listener));
      const before = await countedRows(t.database.db);

      // Songs and plays keep coming while the backup runs.
      const backups = folder();
      let writing = true;
      const writes = (async () => {
        while (writing) await play(t, listener, (await createSong(t)).id);
      })();
      const backup = await runCadenza(['backup', '--to', backups, '--with-media'], envOf(t));
      writing = false;
      await writes;
      expect(backup.stderr).toMatch(/^Backed up 1 account, \d+ songs, 1 playlist, \d+ plays/m);
      expect(backup.code).toBe(0);
      const archive = archiveOf(backup.stdout);
      expect(fs.readdirSync(backups)).toEqual([path.basename(archive)]);
      expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
      const after = await countedRows(t.database.db);
      expect(after.songs).toBeGreaterThan(before.songs ?? 0);

      // A running server's data is never restored over.
      const overRunning = await runCadenza(['restore', archive, '--replace'], envOf(t));
      expect(overRunning.stderr).toMatch(
        testDialect === 'sqlite'
          ? /cadenza\.db is open in another program, a running server most likely: stop it/
          : /holds \d+ tables already: restore into an empty database/,
      );
      expect(overRunning.code).toBe(1);

      // A new data folder (and on PostgreSQL the same schema, dropped and made anew).
      const restoredDir = folder();
      const restoreEnv = envOf(t, restoredDir);
      const schema = t.postgresSchema;
      await apps.splice(apps.indexOf(t), 1)[0]?.close();
      const { JWT_SECRET: _secret, ...withoutSecret } = restoreEnv;
      const restore = await runCadenza(
        ['restore', archive],
        testDialect === 'sqlite' ? withoutSecret : restoreEnv,
      );
      expect(restore.stderr).toMatch(/^Restored 1 account, \d+ songs, 1 playlist, \d+ plays/m);
      expect(restore.code).toBe(0);
      expect(fs.readFileSync(path.join(restoredDir, 'jwt-secret'), 'utf8')).toBe(
        `${TEST_JWT_SECRET}\n`,
      );

      const r = await app({
        existing: { dataDir: restoredDir, ...(schema ? { postgresSchema: schema } : {}) },
      });
      const restored = await countedRows(r.database.db);
      for (const table of Object.keys(restored)) {
        expect(restored[table]).toBeGreaterThanOrEqual(before[table] ?? 0);
        expect(restored[table]).toBeLessThanOrEqual(after[table] ?? 0);
      }
      // Nothing half-written: every song the copy holds has its audio.
      const songs = await r.database.db.selectFrom('songs').select(['id', 'audio_key']).execute();
      for (const song of songs) expect(await r.blobs.head(song.audio_key)).not.toBeNull();

      const login = await r.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: listener.user.email, password: listener.password },
      });
      expect(login.statusCode).toBe(200);
      const playlist = await r.app.inject({
        url: `/api/user/playlists/${playlistId}/songs?limit=50`,
        headers: listener.headers,
      });
      expect(playlist.statusCode).toBe(200);
      expect(JSON.stringify(playlist.json())).toContain(kept[2]!.id);
      const plays = await r.database.db
        .selectFrom('plays')
        .where('song_id', '=', kept[0]!.id)
        .select('id')
        .execute();
      expect(plays).toHaveLength(2);
      const ping = await r.app.inject({ url: `/rest/ping.view?apiKey=${appKey}&f=json` });
      expect(ping.json()).toMatchObject({ 'subsonic-response': { status: 'ok' } });
      const stream = await r.app.inject({
        url: `/rest/stream.view?apiKey=${appKey}&id=tr-${kept[1]!.id}&format=raw`,
      });
      expect(stream.statusCode).toBe(200);
      const original = await readAll(r, kept[1]!.audio_key);
      expect(stream.rawPayload.equals(original)).toBe(true);
    },
  );

  it(
    'refuses an archive that is cut short, altered or not a backup, and leaves the folder empty',
    TIMEOUT,
    async () => {
      const t = await app();
      await createUser(t);
      const backup = await runCadenza(['backup', '--to', folder()], envOf(t));
      expect(backup.code).toBe(0);
      const archive = archiveOf(backup.stdout);
      const work = folder();

      const cut = path.join(work, 'cut.tar.gz');
      fs.writeFileSync(cut, fs.readFileSync(archive).subarray(0, 2000));
      const altered = path.join(work, 'altered.tar.gz');
      await repack(archive, altered, (name, bytes) =>
        name === 'configuration.env' ? Buffer.concat([bytes, Buffer.from('X=1\n')]) : bytes,
      );
      const text = path.join(work, 'notes.txt');
      fs.writeFileSync(text, 'not a backup');

      const target = folder();
      const env = { DATA_DIR: target, JWT_SECRET: TEST_JWT_SECRET };
      const expectations: Array<[string, RegExp]> = [
        [cut, /cut\.tar\.gz cannot be restored: it ends early/],
        [altered, /altered\.tar\.gz cannot be restored: configuration\.env is damaged/],
        [text, /notes\.txt cannot be restored: it cannot be read as a Cadenza backup/],
        [path.join(work, 'none.tar.gz'), /none\.tar\.gz does not exist/],
      ];
      for (const [file, message] of expectations) {
        const restore = await runCadenza(['restore', file], env);
        expect(restore.stderr).toMatch(message);
        expect(restore.code).toBe(1);
        expect(fs.readdirSync(target)).toEqual([]);
      }
    },
  );

  onPostgres.it(
    'says how to dump PostgreSQL by hand where pg_dump is not installed, and writes nothing',
    TIMEOUT,
    async () => {
      const t = await app();
      const backups = folder();
      const run = await runCadenza(['backup', '--to', backups], {
        ...envOf(t),
        PATH: folder(),
      });
      expect(run.stderr).toContain('pg_dump is not installed here');
      expect(run.stderr).toContain(`pg_dump --schema=${t.postgresSchema} --no-owner`);
      expect(run.code).toBe(1);
      expect(fs.readdirSync(backups)).toEqual([]);
    },
  );
});

async function readAll(t: TestApp, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.blobs.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Copies an archive entry by entry, each changed by `change`, the manifest as it was. */
async function repack(
  from: string,
  to: string,
  change: (name: string, bytes: Buffer) => Buffer,
): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), fs.createWriteStream(to));
  const read = pipeline(fs.createReadStream(from), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    pack.entry({ name: entry.header.name }, change(entry.header.name, Buffer.concat(chunks)));
  }
  await read;
  pack.finalize();
  await written;
}
