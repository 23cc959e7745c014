import type { HttpHandler } from 'msw';
import { HttpResponse } from 'msw';
import type { User } from '@cadenza/contract/auth';
import {
  historySourceSchema,
  matchListenBodySchema,
  type HistoryImport,
} from '@cadenza/contract/listening-history';
import { MAX_PAGE_SIZE } from '@cadenza/contract/paging';
import { failure, on } from './routes';
import { findUser, nextId, store, type Play } from './store';

const ok = <T>(data: T) => HttpResponse.json({ success: true, data });
const message = (text: string) => HttpResponse.json({ success: true, message: text });

function caller(request: Request): User | Response {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const user = findUser(store.sessions.get(token ?? '') ?? '');
  return user ?? failure(401, 'Please log in to continue.', 'unauthorized');
}

/** Plays are numbered by the server; the fake gives each one a number when first listed. */
const playIds = new WeakMap<Play, string>();
function playIdOf(play: Play): string {
  const known = playIds.get(play);
  if (known) return known;
  const id = nextId('play');
  playIds.set(play, id);
  return id;
}

/** `{ success, data, nextCursor? }` with the cursor as an offset, as the other fake lists. */
function page<T>(items: readonly T[], url: URL) {
  const limit = Math.min(Number(url.searchParams.get('limit') ?? MAX_PAGE_SIZE), MAX_PAGE_SIZE);
  const start = Number(url.searchParams.get('cursor') ?? 0);
  const next = start + limit;
  return HttpResponse.json({
    success: true,
    data: items.slice(start, next),
    ...(next < items.length ? { nextCursor: String(next) } : {}),
  });
}

function historyOf(userId: string, search: string) {
  const words = search.toLowerCase();
  return store.plays
    .filter((play) => play.userId === userId)
    .sort((a, b) => (a.playedAt < b.playedAt ? 1 : -1))
    .flatMap((play) => {
      const song = store.songs.find((candidate) => candidate._id === play.songId);
      if (!song) return [];
      const text = `${song.title} ${song.artist} ${song.album ?? ''}`.toLowerCase();
      return !words || text.includes(words)
        ? [{ id: playIdOf(play), playedAt: play.playedAt, song }]
        : [];
    });
}

function shown({ userId: _userId, ...history }: HistoryImport & { userId: string }) {
  return history;
}

/** The listening history and its imports as the server answers them. */
export const historyHandlers: HttpHandler[] = [
  on('GET /api/user/history', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const url = new URL(request.url);
    return page(historyOf(user._id, url.searchParams.get('q') ?? ''), url);
  }),

  on('DELETE /api/user/history/:id', ({ request, params }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const index = store.plays.findIndex(
      (play) => play.userId === user._id && playIds.get(play) === params.id,
    );
    if (index < 0) return failure(404, 'That play is not in your history.', 'play_not_found');
    store.plays.splice(index, 1);
    return message('Play removed.');
  }),

  on('GET /api/user/history/imports', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    return ok(store.history.imports.filter((entry) => entry.userId === user._id).map(shown));
  }),

  on('POST /api/user/history/imports', async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const source = historySourceSchema.safeParse(new URL(request.url).searchParams.get('source'));
    if (!source.success) return failure(400, 'source must be spotify, listenbrainz or lastfm');
    const file = (await request.formData()).get('file');
    // A file part (of whichever File class the runtime gives), not a text field.
    if (file === null || typeof file === 'string')
      return failure(400, 'Send the history file as the "file" field.');
    store.history.files.push({ source: source.data, name: file.name });
    const outcome = store.history.nextOutcome;
    const started = {
      id: nextId('import'),
      userId: user._id,
      source: source.data,
      status: 'running' as const,
      total: outcome.total,
      processed: 0,
      matched: 0,
      unmatched: 0,
      duplicates: 0,
      skipped: outcome.skipped,
      createdAt: new Date().toISOString(),
      finishedAt: null,
    };
    store.history.imports.unshift(started);
    return HttpResponse.json({ success: true, data: shown(started) }, { status: 202 });
  }),

  on('GET /api/user/history/imports/:id', ({ request, params }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const index = store.history.imports.findIndex(
      (entry) => entry.id === params.id && entry.userId === user._id,
    );
    const found = store.history.imports[index];
    if (!found) return failure(404, 'That import is not one of yours.', 'history_import_not_found');
    if (found.status !== 'running') return ok(shown(found));
    // Each read moves the import on: halfway, then to its end.
    const outcome = store.history.nextOutcome;
    const half = found.processed === 0;
    const share = (count: number) => (half ? Math.floor(count / 2) : count);
    const moved = {
      ...found,
      processed: share(outcome.total),
      matched: share(outcome.matched),
      unmatched: share(outcome.unmatched),
      duplicates: share(outcome.duplicates),
      status: half ? ('running' as const) : ('done' as const),
      finishedAt: half ? null : new Date().toISOString(),
    };
    store.history.imports[index] = moved;
    return ok(shown(moved));
  }),

  on('POST /api/user/history/imports/:id/resume', ({ request, params }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const found = store.history.imports.find(
      (entry) => entry.id === params.id && entry.userId === user._id,
    );
    if (!found) return failure(404, 'That import is not one of yours.', 'history_import_not_found');
    return ok(shown(found));
  }),

  on('GET /api/user/history/unmatched', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const listens = store.history.unmatched
      .filter((listen) => listen.userId === user._id)
      .map(({ userId: _userId, ...listen }) => listen);
    return page(listens, new URL(request.url));
  }),

  on('POST /api/user/history/unmatched/:id/match', async ({ request, params }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = matchListenBodySchema.safeParse(await request.json());
    if (!body.success) return failure(400, body.error.issues[0]?.message ?? 'Invalid input');
    const index = store.history.unmatched.findIndex(
      (listen) => listen.id === params.id && listen.userId === user._id,
    );
    const listen = store.history.unmatched[index];
    if (!listen)
      return failure(
        404,
        'That listen is not among your unmatched ones.',
        'unmatched_listen_not_found',
      );
    if (!store.songs.some((song) => song._id === body.data.songId))
      return failure(404, 'Song not found.', 'song_not_found');
    store.history.unmatched.splice(index, 1);
    store.plays.push({ userId: user._id, songId: body.data.songId, playedAt: listen.playedAt });
    return message('Listen matched.');
  }),

  on('DELETE /api/user/history/unmatched/:id', ({ request, params }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const index = store.history.unmatched.findIndex(
      (listen) => listen.id === params.id && listen.userId === user._id,
    );
    if (index < 0)
      return failure(
        404,
        'That listen is not among your unmatched ones.',
        'unmatched_listen_not_found',
      );
    store.history.unmatched.splice(index, 1);
    return message('Listen dismissed.');
  }),
];
