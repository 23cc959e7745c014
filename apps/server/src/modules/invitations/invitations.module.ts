import type { RegisterModule } from '../../module';
import { adminInvitationsRoutes, invitationPreviewRoutes } from './invitations.routes';

/** Sign-up links: made by administrators, read by the sign-up page (used by registration). */
export const registerInvitationsModule: RegisterModule = async (api, _c, s) => {
  const { invitations } = s;
  await api.register(adminInvitationsRoutes, { prefix: '/admin', invitations });
  await api.register(invitationPreviewRoutes, { prefix: '/auth', invitations });
};
