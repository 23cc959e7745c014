import type { FastifyBaseLogger } from 'fastify';
import type { PageQuery } from '@cadenza/contract/paging';
import type { ContactMessageInput, FeedbackInput } from '@cadenza/contract/support';
import { newId } from '../../ids';
import type { Mailer, MailMessage } from '../../mail/mailer';
import type { Page } from '../../paging';
import { contactMail, feedbackMail } from './support-mails';
import type { ContactMessageRecord, FeedbackRecord } from './support-record';
import type { SupportRepository } from './support.repository';

export interface SupportServiceDeps {
  readonly repository: SupportRepository;
  readonly mailer: Mailer;
  /** Where messages are relayed to. */
  readonly supportEmail: string;
  /** Only with a real mail server (SMTP_URL): otherwise messages are just stored for the inbox. */
  readonly mailSupport: boolean;
  readonly log: FastifyBaseLogger;
}

/** Contact messages and feedback: stored first, then relayed to the support address. */
export class SupportService {
  constructor(private readonly deps: SupportServiceDeps) {}

  async submitContactMessage(input: ContactMessageInput): Promise<ContactMessageRecord> {
    const message = await this.deps.repository.insertContactMessage(
      newId(),
      input,
      new Date().toISOString(),
    );
    await this.relay(contactMail(message, this.deps.supportEmail), message.id);
    return message;
  }

  async submitFeedback(input: FeedbackInput): Promise<FeedbackRecord> {
    const entry = await this.deps.repository.insertFeedback(
      newId(),
      input,
      new Date().toISOString(),
    );
    await this.relay(feedbackMail(entry, this.deps.supportEmail), entry.id);
    return entry;
  }

  /** The admin inbox of contact messages, newest first. */
  async listContactMessages(query: PageQuery): Promise<Page<ContactMessageRecord>> {
    return this.deps.repository.pageContactMessages(query);
  }

  /** The admin inbox of feedback answers, newest first. */
  async listFeedback(query: PageQuery): Promise<Page<FeedbackRecord>> {
    return this.deps.repository.pageFeedback(query);
  }

  /** The message is already stored, so a mail failure is logged and the visitor still succeeds. */
  private async relay(mail: MailMessage, storedId: string): Promise<void> {
    if (!this.deps.mailSupport) return;
    try {
      await this.deps.mailer.send(mail);
    } catch (error) {
      this.deps.log.error(
        { err: error, storedId },
        'could not mail a support message; it is kept in the admin inbox',
      );
    }
  }
}
