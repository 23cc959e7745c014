import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { deriveKey } from '../../secrets';

/** What a new key looks like: a recognisable prefix and 256 random bits. */
const KEY_PREFIX = 'cz_';
const KEY_BYTES = 32;
const IV_BYTES = 12;

/**
 * How API keys are made and kept: never in clear. The HMAC finds a key sent as it is (`apiKey=`,
 * `p=`); the AES-256-GCM cipher text gives the key back for token sign-in, which sends
 * md5(key + salt) and so needs the key itself. Both keys derive from the server's secret: a copy
 * of the database alone reveals no key.
 */
export class ApiKeySecrets {
  private readonly hmacKey: Buffer;
  private readonly cipherKey: Buffer;

  constructor(serverSecret: string) {
    this.hmacKey = deriveKey(serverSecret, 'api-key-lookup');
    this.cipherKey = deriveKey(serverSecret, 'api-key-cipher');
  }

  newKey(): string {
    return `${KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
  }

  hash(key: string): string {
    return createHmac('sha256', this.hmacKey).update(key, 'utf8').digest('base64url');
  }

  /** `iv.tag.cipher`, each base64url. */
  encrypt(key: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.cipherKey, iv);
    const sealed = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  /** The key, or null when the text was not sealed with this server's secret. */
  decrypt(sealed: string): string | null {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.cipherKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/** Subsonic token sign-in: whether `token` is md5(key + salt), compared in constant time. */
export function tokenMatches(key: string, salt: string, token: string): boolean {
  const expected = createHash('md5')
    .update(key + salt, 'utf8')
    .digest();
  const given = Buffer.from(token.toLowerCase(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
