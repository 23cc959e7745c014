import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { SiteSettingsRepository } from './site-settings.repository';
import { siteSettingsRoutes } from './site-settings.routes';
import { siteSettingsOf } from './site-settings.service';

/** The site settings the administrator changes in the dashboard. */
export async function registerSettingsModule(api: FastifyInstance, c: Container): Promise<void> {
  const settings = siteSettingsOf(new SiteSettingsRepository(c.database.db), c.config);
  await api.register(siteSettingsRoutes, { prefix: '/admin', settings });
}
