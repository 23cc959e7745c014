import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  registerSecurityHeaders,
  securityHeaders,
} from './security-headers';

/** What @fastify/helmet sends with the options the app gave it before. */
async function helmetHeaders(mediaOrigins: readonly string[]) {
  const app = Fastify();
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(mediaOrigins),
    },
    crossOriginEmbedderPolicy: false,
  });
  app.get('/', async () => ({}));
  const { headers } = await app.inject({ url: '/' });
  await app.close();
  return headers;
}

const securityOnly = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !['content-type', 'content-length', 'date', 'connection'].includes(name),
    ),
  );

describe('security headers', () => {
  it.each([[[]], [['https://bucket.example:9000']]])(
    'are those helmet sent, with media origins %j',
    async (origins) => {
      expect(securityHeaders(origins)).toEqual(securityOnly(await helmetHeaders(origins)));
    },
  );

  it('are written once and sent on every answer, 404s included, but not where a route opts out', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/page', async () => ({}));
    app.get('/own', { config: { securityHeaders: false } }, async () => ({}));

    const page = await app.inject({ url: '/page' });
    const missing = await app.inject({ url: '/missing' });
    const own = await app.inject({ url: '/own' });
    await app.close();

    expect(securityOnly(page.headers)).toEqual(securityHeaders());
    expect(securityOnly(missing.headers)).toEqual(securityHeaders());
    expect(own.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['content-security-policy']).toBe(
      securityHeaders()['content-security-policy'],
    );
  });
});
