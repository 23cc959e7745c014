// Bringing a listening history along (docs/product.md "Bringing your history"): how long a
// Spotify extended streaming history of 200,000 listens takes to import, from the file's bytes to
// the import marked done, on a generated library (bench/support/library-generator.ts). Most
// listens name a library song as another service writes it (other case, the accents dropped,
// "(feat. …)" added), the rest name songs the library does not have. The target: under a minute
// on a 2-core machine. The time includes keying the library's songs for matching, which the
// first import after songs change does.
//
// Usage: npx tsx bench/history-import.ts [--db sqlite|postgres] [--songs 50000] [--listens 200000]
// PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the machine's.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { composeServices } from '../apps/server/src/composition';
import { createContainer } from '../apps/server/src/container';
import { newId } from '../apps/server/src/ids';
import { buildLibrary } from './support/library-generator';
import { loadAverageLine, machineLine, today } from './support/machine';

const TARGET_SECONDS = 60;
/** Songs the listens are drawn from: a sample, read a page at a time. */
const SAMPLE = 20_000;

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    songs: { type: 'string', default: '50000' },
    listens: { type: 'string', default: '200000' },
  },
});
const dialect = values.db === 'postgres' ? 'postgres' : 'sqlite';
const songCount = Number(values.songs);
const listenCount = Number(values.listens);

/** As another service writes a title: its own case, no accents, sometimes a featured artist. */
function asWrittenElsewhere(text: string, i: number): string {
  const plain = text.normalize('NFKD').replace(/\p{M}+/gu, '');
  return i % 3 === 0 ? plain.toUpperCase() : i % 3 === 1 ? plain.toLowerCase() : plain;
}

async function main(): Promise<void> {
  console.info(`History import — ${today()} — ${machineLine()}`);
  console.info(`Building a library of ${songCount} songs on ${dialect}…`);
  const library = await buildLibrary({ songs: songCount, dialect });
  try {
    const container = createContainer(library.config, {
      jwtSecret: randomBytes(32).toString('hex'),
      database: library.handle,
    });
    const services = composeServices(container, Fastify({ logger: false }).log);
    const db = library.handle.db;
    const sample = await db
      .selectFrom('songs')
      .select(['title', 'artist', 'album'])
      .orderBy('id')
      .limit(SAMPLE)
      .execute();
    const userId = newId();
    await db
      .insertInto('users')
      .values({
        id: userId,
        name: 'History bench',
        email: `history-bench-${userId}@example.com`,
        password_hash: 'x',
        role: 'user',
        created_at: new Date().toISOString(),
      })
      .execute();
    const start = Date.UTC(2015, 0, 1);
    const entries = Array.from({ length: listenCount }, (_, i) => {
      const song = sample[i % sample.length]!;
      const unknown = i % 10 === 9;
      return {
        ts: new Date(start + i * 97_000).toISOString().replace('.000', ''),
        ms_played: i % 25 === 0 ? 12_000 : 180_000,
        master_metadata_track_name: unknown
          ? `Unknown Song ${i}`
          : `${asWrittenElsewhere(song.title, i)}${i % 7 === 0 ? ' (feat. Someone Else)' : ''}`,
        master_metadata_album_artist_name: unknown ? 'Nobody' : asWrittenElsewhere(song.artist, i),
        master_metadata_album_album_name: song.album,
        spotify_track_uri: `spotify:track:${i}`,
      };
    });
    const bytes = Buffer.from(JSON.stringify(entries));
    console.info(
      `${listenCount} listens, ${(bytes.length / 1024 / 1024).toFixed(1)} MB of JSON. ${loadAverageLine()}`,
    );

    const began = performance.now();
    const started = await services.historyImports.start(userId, 'spotify', bytes);
    const read = performance.now();
    let last = -1;
    const progress = setInterval(() => {
      void services.historyImports.find(userId, started.id).then((state) => {
        if (state.processed !== last)
          console.info(
            `  ${state.processed}/${state.total} processed, ${state.matched} matched, ` +
              `${state.unmatched} unmatched`,
          );
        last = state.processed;
      });
    }, 2000);
    await services.historyImports.idle();
    clearInterval(progress);
    const done = performance.now();
    const result = await services.historyImports.find(userId, started.id);
    const seconds = (done - began) / 1000;
    console.info(
      `Read and kept the file in ${((read - began) / 1000).toFixed(1)} s; ` +
        `matched and wrote in ${((done - read) / 1000).toFixed(1)} s.`,
    );
    console.info(
      `Import ${result.status}: ${result.total} listens (${result.skipped} skipped), ` +
        `${result.matched} matched, ${result.unmatched} unmatched, ${result.duplicates} duplicates`,
    );
    console.info(
      `Total ${seconds.toFixed(1)} s — target under ${TARGET_SECONDS} s: ` +
        `${seconds < TARGET_SECONDS ? 'met' : 'MISSED'}`,
    );
    const again = performance.now();
    await services.historyImports.start(userId, 'spotify', bytes);
    await services.historyImports.idle();
    const [second] = await services.historyImports.latest(userId);
    console.info(
      `The same file again: ${second?.duplicates} duplicates, ${second?.matched} new plays, ` +
        `in ${((performance.now() - again) / 1000).toFixed(1)} s`,
    );
  } finally {
    await library.cleanup();
  }
}

await main();
