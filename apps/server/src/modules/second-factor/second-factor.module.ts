import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { transactor } from '../../db/transactor';
import { SiteSettingsRepository } from '../settings/site-settings.repository';
import { siteSettingsOf } from '../settings/site-settings.service';
import { UsersRepository } from '../users/users.repository';
import { SealedSecrets } from './sealed-secrets';
import { secondFactorRoutes } from './second-factor.routes';
import { SecondFactorService } from './second-factor.service';
import { SecondFactorsRepository } from './second-factors.repository';

/** The TOTP second factor of accounts, its secrets sealed with the server's key. */
export function secondFactorServiceOf(c: Container): SecondFactorService {
  const { db } = c.database;
  const settings = siteSettingsOf(new SiteSettingsRepository(db), c.config);
  return new SecondFactorService({
    factors: new SecondFactorsRepository(db),
    transact: transactor(db, (trx) => ({ factors: new SecondFactorsRepository(trx) })),
    users: new UsersRepository(db),
    secrets: new SealedSecrets(c.jwtSecret),
    passwords: c.passwords,
    requiredForAdmins: () => settings.get('adminSecondFactorRequired'),
  });
}

/** Listeners turn two-factor sign-in on and off. */
export async function registerSecondFactorModule(
  api: FastifyInstance,
  c: Container,
): Promise<void> {
  await api.register(secondFactorRoutes, {
    prefix: '/user/two-factor',
    secondFactor: secondFactorServiceOf(c),
    limit: c.rateLimits.secondFactor,
  });
}
