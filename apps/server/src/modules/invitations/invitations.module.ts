import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { InvitationsRepository } from './invitations.repository';
import { adminInvitationsRoutes, invitationPreviewRoutes } from './invitations.routes';
import { InvitationsService } from './invitations.service';

/** Sign-up links: made by administrators, read by the sign-up page (used by registration). */
export async function registerInvitationsModule(api: FastifyInstance, c: Container): Promise<void> {
  const invitations = new InvitationsService({
    invitations: new InvitationsRepository(c.database.db),
    mailer: c.mailer,
    publicUrl: c.config.publicUrl,
    log: api.log,
  });
  await api.register(adminInvitationsRoutes, { prefix: '/admin', invitations });
  await api.register(invitationPreviewRoutes, { prefix: '/auth', invitations });
}
