import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { AccountSessionsRepository } from '../auth/account-sessions.repository';
import { RecentSignIn } from '../auth/recent-sign-in';
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

/** Listeners make (after proving their password recently), list and revoke their apps' keys. */
export async function registerApiKeysModule(api: FastifyInstance, c: Container): Promise<void> {
  await api.register(apiKeysRoutes, {
    prefix: '/user/api-keys',
    keys: apiKeysServiceOf(c),
    recentSignIn: new RecentSignIn(new AccountSessionsRepository(c.database.db), c.clock),
  });
}
