import type { CreatedInvitation, Invitation, InvitationPreview } from '@cadenza/contract/accounts';
import type { InvitationRecord } from './invitation-record';
import type { CreatedInvitationRecord } from './invitations.service';

export function presentInvitation(invitation: InvitationRecord): Invitation {
  return {
    _id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    createdAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
  };
}

export function presentCreatedInvitation(invitation: CreatedInvitationRecord): CreatedInvitation {
  return { ...presentInvitation(invitation), link: invitation.link, sent: invitation.sent };
}

/** What a visitor holding the link sees: never the role or who made it. */
export function presentInvitationPreview(invitation: InvitationRecord): InvitationPreview {
  return { email: invitation.email, expiresAt: invitation.expiresAt };
}
