import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from '../../secrets';

const IV_BYTES = 12;

/**
 * TOTP secrets are kept sealed with AES-256-GCM under a key derived from the server's secret: a
 * copy of the database alone gives no one the codes of an account.
 */
export class SealedSecrets {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = deriveKey(serverSecret, 'second-factor-cipher');
  }

  /** `iv.tag.cipher`, each base64url. */
  seal(secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  /** The secret, or null when the text was not sealed with this server's secret. */
  open(sealed: string): string | null {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
