import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';
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
  /** Where mail goes, once it is known to get there (`cadenza doctor`); throws otherwise. */
  verify?(): Promise<string>;
}

/** Sends through the SMTP server of `SMTP_URL`. */
export class SmtpMailer implements Mailer {
  private transport: Transporter | null = null;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= (await import('nodemailer')).default.createTransport(this.smtpUrl);
    await this.transport.sendMail({ from: this.from, ...message });
  }

  /** Connects and signs in to the SMTP server without sending; names its host, never the login. */
  async verify(): Promise<string> {
    this.transport ??= (await import('nodemailer')).default.createTransport(this.smtpUrl);
    await this.transport.verify();
    const url = new URL(this.smtpUrl);
    return `the SMTP server ${url.hostname}${url.port ? `:${url.port}` : ''} accepts mail from ${this.from}`;
  }
}

/**
 * Without SMTP, each message becomes an .eml file in `DATA_DIR/outbox`, so that a password reset
 * works on a box without a mail server: the administrator (or a test) reads the link there. The
 * messages carry reset links, so the folder is the server's user's alone (0700) and so is each
 * file (0600), whatever the umask.
 */
export class OutboxMailer implements Mailer {
  // Loaded with the first message: most servers send none for a long time.
  private transport: Transporter<StreamTransport.SentMessageInfo> | null = null;

  constructor(
    readonly outboxDir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= (await import('nodemailer')).default.createTransport({
      streamTransport: true,
      buffer: true,
    });
    const info = await this.transport.sendMail({ from: this.from, ...message });
    await fs.mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
    // A folder made by an earlier version, or by hand, is closed too.
    await fs.chmod(this.outboxDir, 0o700);
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`;
    const file = path.join(this.outboxDir, name);
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
    await fs.chmod(file, 0o600);
  }

  /** Without SMTP, mail is kept in the outbox folder: one that can be written to. */
  async verify(): Promise<string> {
    await fs.mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
    await fs.access(this.outboxDir, fs.constants.W_OK);
    return `no SMTP_URL: mail is written to ${this.outboxDir} (reset links are read there)`;
  }
}
