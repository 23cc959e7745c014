import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // MUI (emotion) injects its styles at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export type ContentSecurityPolicy = Readonly<Record<string, readonly string[]>>;

/** The policy, with the origins media is redirected to (an S3 bucket) allowed for audio. */
export function contentSecurityPolicy(mediaOrigins: readonly string[]): ContentSecurityPolicy {
  return {
    ...CONTENT_SECURITY_POLICY,
    mediaSrc: [...CONTENT_SECURITY_POLICY.mediaSrc, ...mediaOrigins],
  };
}

/** Helmet's headers with a strict Content-Security-Policy that the web app satisfies. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  mediaOrigins: readonly string[] = [],
): Promise<void> {
  const directives = contentSecurityPolicy(mediaOrigins) as Record<string, string[]>;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
  });
}
