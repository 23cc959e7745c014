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

/**
 * The policy, with the origins media is redirected to (an S3 bucket) allowed for audio, and for
 * the player's reads of a song's bytes to decode it ahead of time (gapless playback).
 */
export function contentSecurityPolicy(mediaOrigins: readonly string[]): ContentSecurityPolicy {
  return {
    ...CONTENT_SECURITY_POLICY,
    mediaSrc: [...CONTENT_SECURITY_POLICY.mediaSrc, ...mediaOrigins],
    connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...mediaOrigins],
  };
}

/** `defaultSrc: ["'self'"]` → `default-src 'self'`, as helmet writes it. */
export function renderContentSecurityPolicy(policy: ContentSecurityPolicy): string {
  return Object.entries(policy)
    .map(([name, values]) => {
      const dashed = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      return [dashed, ...values].join(' ');
    })
    .join(';');
}

/**
 * Helmet's default headers (without Cross-Origin-Embedder-Policy) with our policy: what
 * @fastify/helmet sent, written once here, since it rebuilt helmet and re-read the policy for
 * every request. security-headers.test.ts keeps the two alike.
 */
export function securityHeaders(mediaOrigins: readonly string[] = []): Record<string, string> {
  return {
    'content-security-policy': renderContentSecurityPolicy(contentSecurityPolicy(mediaOrigins)),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route sets security headers of its own (media). */
    securityHeaders?: boolean;
  }
}

/** The headers on every answer, 404s and errors included, but for routes that opt out. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  mediaOrigins: readonly string[] = [],
): void {
  const headers = securityHeaders(mediaOrigins);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false) reply.headers(headers);
    done();
  });
}
