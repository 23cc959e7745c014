import { z } from 'zod';
import { successResponse } from './envelope';

/** GET /api/health: the process is alive and answering (no dependency is asked). */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;
export const healthResponseSchema = successResponse(healthSchema);

/** One readiness check: whether it passed, and a sentence saying what was found. */
export const readinessCheckSchema = z.object({ ok: z.boolean(), message: z.string() });
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/**
 * Whether this node transcodes (ffmpeg found at start), as information: without it every file is
 * sent as it is, which is no failure.
 */
export const transcodingInfoSchema = z.object({
  available: z.boolean(),
  /** ffmpeg's version, as it names it; null without ffmpeg. */
  version: z.string().nullable(),
  /** The formats streams can be transcoded to, in order of preference. */
  formats: z.array(z.enum(['mp3', 'opus', 'aac'])),
});
export type TranscodingInfo = z.infer<typeof transcodingInfoSchema>;

/** GET /api/ready: whether this node can serve requests, check by check. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    /** A trivial query answers. */
    database: readinessCheckSchema,
    /** No migration is pending. */
    migrations: readinessCheckSchema,
    /** A file can be written to and removed from the media store. */
    storage: readinessCheckSchema,
  }),
  transcoding: transcodingInfoSchema,
});
export type Readiness = z.infer<typeof readinessSchema>;

/** 200: every check passed. */
export const readyResponseSchema = successResponse(readinessSchema);
/** 503: the error envelope, with the checks that say which one failed. */
export const notReadyResponseSchema = z.object({
  success: z.literal(false),
  code: z.literal('service_unavailable'),
  message: z.string(),
  data: readinessSchema,
});
