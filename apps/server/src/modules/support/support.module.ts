import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { supportInboxRoutes } from './support-inbox.routes';
import { SupportRepository } from './support.repository';
import { supportRoutes } from './support.routes';
import { SupportService } from './support.service';

/** Contact messages and feedback: stored, mailed to support, read by administrators. */
export async function registerSupportModule(api: FastifyInstance, c: Container): Promise<void> {
  const support = new SupportService({
    repository: new SupportRepository(c.database.db),
    mailer: c.mailer,
    supportEmail: c.config.supportEmail,
    mailSupport: c.config.smtpUrl !== undefined,
    log: api.log,
  });
  await api.register(supportRoutes, { prefix: '/support', support, limits: c.rateLimits });
  await api.register(supportInboxRoutes, { prefix: '/admin', support });
}
