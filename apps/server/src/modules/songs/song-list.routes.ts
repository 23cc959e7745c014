import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  publicSongPageSchema,
  songListQuerySchema,
  songPageSchema,
  type PublicSong,
  type Song,
} from '@cadenza/contract/songs';
import { errorResponses } from '../../schemas';
import type { MediaUrls } from '../media/media-urls';
import type { SongRecord } from './song-record';
import { presentPublicSong, presentSong } from './songs.presenter';
import type { SongsService } from './songs.service';

type Api = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Who may read the list of every song, and what they see of each: the only ways in which its
 * audiences differ. Listeners and admins get signed audio URLs; visitors get none, since a signed
 * URL plays without a login (decision 016).
 */
export interface SongListAudience<Item> {
  /** The onRequest guard that lets the audience in; none for visitors. */
  readonly guard: 'requireUser' | 'requireAdmin' | null;
  readonly tags: string[];
  readonly summary: string;
  /** How a caller outside the audience is turned away. */
  readonly refusals: (401 | 403)[];
  readonly page: z.ZodType<{ success: true; data: Item[]; nextCursor?: string | undefined }>;
  readonly present: (song: SongRecord, urls: MediaUrls) => Item;
}

const EVERY_SONG = 'All songs, or those of one genre, newest first, a page at a time';

const listeners: SongListAudience<Song> = {
  guard: 'requireUser',
  tags: ['songs'],
  summary: EVERY_SONG,
  refusals: [401],
  page: songPageSchema,
  present: presentSong,
};

export const songListAudiences = {
  listeners,
  admins: { ...listeners, guard: 'requireAdmin', tags: ['admin'], refusals: [401, 403] },
  visitors: {
    guard: null,
    tags: ['general'],
    summary: `${EVERY_SONG}, without audio (public)`,
    refusals: [],
    page: publicSongPageSchema,
    present: presentPublicSong,
  },
} satisfies Record<string, SongListAudience<Song> | SongListAudience<PublicSong>>;

/**
 * GET `path`: every song (or, with `genre`, those of one genre), newest first, a page at a time,
 * as `audience` sees it.
 */
export function songListRoute<Item>(
  app: Api,
  path: string,
  { songs, urls }: { songs: SongsService; urls: MediaUrls },
  audience: SongListAudience<Item>,
): void {
  const guard = audience.guard;
  app.get(
    path,
    {
      ...(guard ? { onRequest: [app[guard]] } : {}),
      schema: {
        tags: audience.tags,
        ...(guard ? { security: [{ bearerAuth: [] }] } : {}),
        summary: audience.summary,
        querystring: songListQuerySchema,
        response: { 200: audience.page, ...errorResponses(400, ...audience.refusals) },
      },
    },
    async (request) => {
      const { genre, ...query } = request.query;
      const page = await songs.list(query, genre);
      const data = page.items.map((song) => audience.present(song, urls));
      return { success: true as const, data, nextCursor: page.nextCursor };
    },
  );
}
