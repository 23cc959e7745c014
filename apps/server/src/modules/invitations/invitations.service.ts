import type { FastifyBaseLogger } from 'fastify';
import { accountMessages, type CreateInvitationBody } from '@cadenza/contract/accounts';
import { createInvitationBodySchema } from '@cadenza/contract/accounts';
import { Invalid, NotFound } from '../../errors';
import { newId } from '../../ids';
import type { Mailer } from '../../mail/mailer';
import type { InvitationRecord } from './invitation-record';
import { hashInvitationToken, newInvitationToken } from './invitation-tokens';
import type { InvitationsRepository } from './invitations.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new invitation with its link (shown this once) and whether it was mailed. */
export interface CreatedInvitationRecord extends InvitationRecord {
  readonly link: string;
  readonly sent: boolean;
}

export interface InvitationsServiceDeps {
  readonly invitations: InvitationsRepository;
  readonly mailer: Mailer;
  /** The web app's address, which links start with. */
  readonly publicUrl: string;
  readonly log: FastifyBaseLogger;
}

/** The sign-up link of a token: the sign-up page reads it from `invite`. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/signup?invite=${token}`;
}

/** Sign-up links administrators make, list and revoke; the sign-up form reads one. */
export class InvitationsService {
  constructor(private readonly deps: InvitationsServiceDeps) {}

  async create(createdBy: string, input: CreateInvitationBody): Promise<CreatedInvitationRecord> {
    const body = createInvitationBodySchema.parse(input);
    const email = body.email?.toLowerCase() ?? null;
    if (body.send && !email) {
      throw new Invalid('Give the email address the invitation is sent to.', [
        { field: 'email', message: accountMessages.emailRequired, code: 'too_small' },
      ]);
    }
    const token = newInvitationToken();
    const now = new Date();
    const invitation = await this.deps.invitations.insert({
      id: newId(),
      tokenHash: hashInvitationToken(token),
      email,
      role: body.role,
      createdBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
    });
    const link = invitationLink(this.deps.publicUrl, token);
    const sent = body.send && email ? await this.mail(email, link, body.expiresInDays) : false;
    return { ...invitation, link, sent };
  }

  listPending(): Promise<InvitationRecord[]> {
    return this.deps.invitations.listPending(new Date());
  }

  async revoke(id: string): Promise<void> {
    if (!(await this.deps.invitations.deleteUnused(id))) {
      throw new NotFound(accountMessages.invitationNotFound, 'invitation_not_found');
    }
  }

  /** What the sign-up page shows of a pending invitation; 404 for any other token. */
  async preview(token: string): Promise<InvitationRecord> {
    const found = await this.deps.invitations.findPending(hashInvitationToken(token), new Date());
    if (!found) throw new NotFound(accountMessages.invalidInvitation, 'invalid_invitation');
    return found;
  }

  private async mail(to: string, link: string, days: number): Promise<boolean> {
    const text = [
      'Hello,',
      '',
      'You are invited to create an account on Cadenza, a music streaming server.',
      `Open this link within ${days} day${days === 1 ? '' : 's'} to sign up:`,
      '',
      link,
      '',
      'The link works once. If you did not expect this invitation, you can ignore this message.',
    ].join('\n');
    try {
      await this.deps.mailer.send({ to, subject: 'Your invitation to Cadenza', text });
      return true;
    } catch (error) {
      this.deps.log.error({ err: error, to }, 'could not send the invitation mail');
      return false;
    }
  }
}
