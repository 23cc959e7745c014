import { HttpResponse } from 'msw';
import type { User } from '@cadenza/contract/auth';
import {
  statsQuerySchema,
  statsQueueQuerySchema,
  timeZoneBodySchema,
  yearParamsSchema,
} from '@cadenza/contract/listening-stats';
import type { ZodType } from 'zod';
import {
  isTimeZone,
  listeningStatsOf,
  listeningYearsOf,
  onThisDayOf,
  statsQueueOf,
  timeZoneOf,
  yearInMusicOf,
} from './listening-stats';
import { failure, on } from './routes';
import { findUser, store } from './store';

const ok = <T>(data: T) => HttpResponse.json({ success: true, data });

const TIME_ZONE_MESSAGE = 'timeZone must be a time zone such as Europe/Paris';

function caller(request: Request): User | Response {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const user = findUser(store.sessions.get(token ?? '') ?? '');
  return user ?? failure(401, 'Please log in to continue.', 'unauthorized');
}

/** The input `schema` reads, or the 400 the server answers with its first message. */
function read<T>(schema: ZodType<T>, input: unknown): { data: T } | { error: Response } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const message = parsed.error.issues[0]?.message ?? 'Invalid request.';
  return { error: failure(400, message, 'invalid_input') };
}

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/** The listener's statistics, years in music, "On this day" and time zone, from the store's plays. */
export const listeningStatsHandlers = [
  on('GET /api/user/stats', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const query = read(statsQuerySchema, queryOf(request));
    if ('error' in query) return query.error;
    return ok(listeningStatsOf(user._id, query.data.period, query.data.at));
  }),

  on('GET /api/user/stats/queue', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const query = read(statsQueueQuerySchema, queryOf(request));
    if ('error' in query) return query.error;
    const { period, at, list } = query.data;
    return ok({ songs: statsQueueOf(user._id, period, at, list) });
  }),

  on('GET /api/user/stats/years', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    return ok(listeningYearsOf(user._id));
  }),

  on('GET /api/user/stats/years/:year', ({ request, params }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const year = read(yearParamsSchema, params);
    if ('error' in year) return year.error;
    return ok(yearInMusicOf(user._id, year.data.year));
  }),

  on('GET /api/user/on-this-day', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    return ok(onThisDayOf(user._id));
  }),

  on('GET /api/user/time-zone', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    return ok(timeZoneOf(user._id));
  }),

  on('PUT /api/user/time-zone', async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = read(timeZoneBodySchema, await request.json().catch(() => ({})));
    if ('error' in body) return body.error;
    if (!isTimeZone(body.data.timeZone)) return failure(400, TIME_ZONE_MESSAGE, 'invalid_input');
    const setting = { timeZone: body.data.timeZone, chosen: true };
    store.timeZones.set(user._id, setting);
    return ok(setting);
  }),
];
