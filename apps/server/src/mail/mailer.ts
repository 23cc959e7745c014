import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { newId } from '../ids';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Carries a reply-to for messages relayed on behalf of a visitor. */
  readonly replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends through the SMTP server of `SMTP_URL`. */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

/**
 * Without SMTP, each message becomes an .eml file in `DATA_DIR/outbox`, so that a password reset
 * works on a box without a mail server: the administrator (or a test) reads the link there.
 */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(
    readonly outboxDir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    await fs.mkdir(this.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`;
    await fs.writeFile(path.join(this.outboxDir, name), info.message as Buffer, { mode: 0o600 });
  }
}
