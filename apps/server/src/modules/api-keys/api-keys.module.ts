import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { ApiKeySecrets } from './api-key-secrets';
import { ApiKeysRepository } from './api-keys.repository';
import { apiKeysRoutes } from './api-keys.routes';
import { ApiKeysService } from './api-keys.service';

/** The keys a listener's apps sign in with (the Subsonic API), built from the server's secret. */
export function apiKeysServiceOf(c: Container): ApiKeysService {
  return new ApiKeysService(
    new ApiKeysRepository(c.database.db),
    new ApiKeySecrets(c.jwtSecret),
    c.lastActivity,
  );
}

/** Listeners make, list and revoke their apps' keys. */
export async function registerApiKeysModule(api: FastifyInstance, c: Container): Promise<void> {
  await api.register(apiKeysRoutes, { prefix: '/user/api-keys', keys: apiKeysServiceOf(c) });
}
