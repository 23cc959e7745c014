import { z } from 'zod';
import { songSchema } from './songs';
import { idField, plainText, text } from './validation';

/** What a share names: songs (in order), one album, or one ordinary playlist. */
export const SHARE_KINDS = ['songs', 'album', 'playlist'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

export const MAX_SHARED_SONGS = 500;
export const MAX_SHARE_DESCRIPTION_LENGTH = 500;

export const shareMessages = {
  kind: 'A share names songs, an album or a playlist',
  itemId: 'Each id must be a UUID',
  noItems: 'Choose something to share',
  tooManySongs: `A share holds at most ${MAX_SHARED_SONGS} songs`,
  oneItem: 'An album or playlist share names exactly one',
  descriptionTooLong: `The description must be at most ${MAX_SHARE_DESCRIPTION_LENGTH} characters`,
  expiresAt: 'The expiry must be a date and time in the future',
  notFound: 'This share does not exist or was revoked',
  expired: 'This share has expired',
  revoked: 'Share revoked',
  smartPlaylist: 'A smart playlist cannot be shared yet: share an ordinary playlist',
} as const;

const m = shareMessages;

const description = plainText('Description')
  .trim()
  .max(MAX_SHARE_DESCRIPTION_LENGTH, m.descriptionTooLong);
const expiresAt = z.iso.datetime({ offset: true, error: m.expiresAt });

/** POST /api/user/shares. */
export const createShareBodySchema = z
  .object({
    kind: z.enum(SHARE_KINDS, { error: m.kind }),
    itemIds: z
      .array(idField(m.itemId), { error: m.noItems })
      .min(1, m.noItems)
      .max(MAX_SHARED_SONGS, m.tooManySongs),
    description: description.optional(),
    /** When the link stops working (ISO-8601); never when absent or null. */
    expiresAt: expiresAt.nullable().optional(),
    /** Visitors may download the songs, not only play them. */
    allowDownload: z.boolean().optional(),
  })
  .refine((body) => body.kind === 'songs' || body.itemIds.length === 1, {
    message: m.oneItem,
    path: ['itemIds'],
  });
export type CreateShareBody = z.infer<typeof createShareBodySchema>;

/** PATCH /api/user/shares/:id: what is given changes; null clears a description or expiry. */
export const updateShareBodySchema = z.object({
  description: description.nullable().optional(),
  expiresAt: expiresAt.nullable().optional(),
  allowDownload: z.boolean().optional(),
});
export type UpdateShareBody = z.infer<typeof updateShareBodySchema>;

/** A share as its owner sees it. */
export const shareSchema = z.object({
  _id: z.string(),
  /** The public page's path, `/share/{id}`. */
  path: z.string(),
  kind: z.enum(SHARE_KINDS),
  /** The album's or playlist's name, or the first song's title ("… and 2 more"). */
  title: z.string(),
  description: z.string().nullable(),
  /** ISO-8601 UTC; null for never. */
  expiresAt: z.string().nullable(),
  allowDownload: z.boolean(),
  viewCount: z.number().int(),
  playCount: z.number().int(),
  lastViewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Share = z.infer<typeof shareSchema>;

/** GET /api/shares/:id: what a visitor without an account is shown, with playable songs. */
export const sharedPageSchema = z.object({
  _id: z.string(),
  kind: z.enum(SHARE_KINDS),
  title: z.string(),
  description: z.string().nullable(),
  /** Who shared it, by their display name. */
  sharedBy: z.string(),
  expiresAt: z.string().nullable(),
  allowDownload: z.boolean(),
  coverImage: z.string(),
  songs: z.array(songSchema),
});
export type SharedPage = z.infer<typeof sharedPageSchema>;

/** POST /api/shares/:id/plays: a visitor played one of the share's songs. */
export const sharePlayBodySchema = z.object({ songId: idField(m.itemId) });
export type SharePlayBody = z.infer<typeof sharePlayBodySchema>;

/** Any text is taken as a share id; one this server did not make is simply not found. */
export const shareIdParamsSchema = z.object({ id: text('Share id') });
