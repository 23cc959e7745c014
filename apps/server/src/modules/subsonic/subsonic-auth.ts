import type { ApiKeysService, KeyHolder } from '../api-keys/api-keys.service';
import type { SubsonicParams } from './subsonic-params';
import { missingParameter, SubsonicCode, SubsonicError } from './subsonic-response';

const WRONG_CREDENTIALS = 'Wrong username or password (use an API key from the Apps section)';
const ACCOUNT_DISABLED = 'This account has been disabled by the administrator';

/** A disabled account's keys prove who calls, and are refused (code 50, not authorized). */
function admitted(holder: KeyHolder): KeyHolder {
  if (holder.user.disabled) throw new SubsonicError(SubsonicCode.notAuthorized, ACCOUNT_DISABLED);
  return holder;
}

/** Who a /rest request signed in as, with which key and which app (`c`). */
export interface SubsonicCaller extends KeyHolder {
  readonly client: string;
}

/** `p=enc:<hex>` is the key hex-encoded (Subsonic's "obfuscation", not a protection). */
export function plainPassword(p: string): string | null {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) return null;
  return Buffer.from(hex, 'hex').toString('utf8');
}

/**
 * Signs a /rest request in, in the three ways Subsonic apps do: `apiKey` (OpenSubsonic), `u`
 * with `p` (clear or `enc:`), or `u` with `t` = md5(key + salt) and `s`. The "password" is
 * always one of the listener's API keys: the account password never works here. A salt used
 * before is accepted (Substreamer reuses one).
 */
export class SubsonicAuth {
  constructor(private readonly keys: ApiKeysService) {}

  async signIn(params: SubsonicParams): Promise<SubsonicCaller> {
    const client = params.get('c') ?? '';
    const apiKey = params.get('apiKey');
    const user = params.get('u');
    const password = params.get('p');
    const token = params.get('t');
    const salt = params.get('s');
    if (apiKey !== undefined) {
      if (user !== undefined || password !== undefined || token !== undefined) {
        throw new SubsonicError(
          SubsonicCode.conflictingAuthMechanisms,
          'Send either apiKey or u with p or t and s, not both',
        );
      }
      const holder = await this.keys.byKey(apiKey);
      if (!holder) throw new SubsonicError(SubsonicCode.invalidApiKey, 'Invalid API key');
      return { ...admitted(holder), client };
    }
    if (user === undefined || user === '') throw missingParameter('u');
    if (token !== undefined || salt !== undefined) {
      if (!token) throw missingParameter('t');
      if (!salt) throw missingParameter('s');
      const holder = await this.keys.byToken(user, salt, token);
      if (!holder) throw new SubsonicError(SubsonicCode.wrongCredentials, WRONG_CREDENTIALS);
      return { ...admitted(holder), client };
    }
    if (password === undefined || password === '') throw missingParameter('p');
    const key = plainPassword(password);
    const holder = key === null ? null : await this.keys.byKey(key);
    if (!holder || holder.user.email !== user.trim().toLowerCase()) {
      throw new SubsonicError(SubsonicCode.wrongCredentials, WRONG_CREDENTIALS);
    }
    return { ...admitted(holder), client };
  }
}
