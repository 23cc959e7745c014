import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { SiteSettingsRepository } from '../settings/site-settings.repository';
import { siteSettingsOf } from '../settings/site-settings.service';
import { generalRoutes } from './general.routes';

/** What anyone may read about the site: its public configuration. */
export async function registerGeneralModule(api: FastifyInstance, c: Container): Promise<void> {
  const settings = siteSettingsOf(new SiteSettingsRepository(c.database.db), c.config);
  await api.register(generalRoutes, { prefix: '/general', config: c.config, settings });
}
