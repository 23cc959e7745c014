import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../secrets';

type Payload = Record<string, unknown>;

/**
 * Short-lived signed texts that are never sessions: the challenge between a password and its
 * second factor, and the state of a single sign-on between leaving for the provider and coming
 * back. Each purpose has its own key, so that one can never be passed off as another.
 */
export class SignedTickets {
  private readonly key: Buffer;

  constructor(serverSecret: string, purpose: string) {
    this.key = deriveKey(serverSecret, `ticket:${purpose}`);
  }

  sign(payload: Payload, lifetimeSeconds: number): string {
    const exp = Math.floor(Date.now() / 1000) + lifetimeSeconds;
    const body = Buffer.from(JSON.stringify({ ...payload, exp })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The payload of an unexpired ticket signed for this purpose, or null. */
  verify(ticket: string): Payload | null {
    const [body, signature, ...rest] = ticket.split('.');
    if (!body || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
      const { exp } = payload as Payload;
      if (typeof exp !== 'number' || exp <= Date.now() / 1000) return null;
      return payload as Payload;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
