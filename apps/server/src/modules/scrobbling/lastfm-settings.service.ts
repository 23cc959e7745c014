import type { LastFmSettings, LastFmSettingsBody } from '@cadenza/contract/scrobbling';
import type { SiteSettingsRepository } from '../settings/site-settings.repository';
import type { LastFmApplication } from './lastfm-client';

const API_KEY = 'lastFmApiKey';
const SECRET = 'lastFmSecret';

function parsed(text: string | undefined): string | null {
  if (text === undefined) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The administrator's Last.fm application (API key and shared secret), kept beside the site
 * settings so that every node reads the same. The secret never leaves the server: the Settings
 * tab learns only whether it is set.
 */
export class LastFmSettingsService {
  constructor(private readonly settings: SiteSettingsRepository) {}

  /** The key and secret, when both are set. */
  async application(): Promise<LastFmApplication | null> {
    const [apiKey, secret] = await Promise.all([
      this.settings.find(API_KEY),
      this.settings.find(SECRET),
    ]);
    const key = parsed(apiKey);
    const shared = parsed(secret);
    return key && shared ? { apiKey: key, secret: shared } : null;
  }

  async get(): Promise<LastFmSettings> {
    const stored = await this.settings.all();
    return { apiKey: parsed(stored.get(API_KEY)), secretSet: parsed(stored.get(SECRET)) !== null };
  }

  /** An empty key forgets both; a secret left out stays as it was. */
  async save(body: LastFmSettingsBody, now: Date): Promise<LastFmSettings> {
    const values = new Map<string, string>([[API_KEY, JSON.stringify(body.apiKey)]]);
    if (body.apiKey === '') values.set(SECRET, JSON.stringify(''));
    else if (body.secret !== undefined) values.set(SECRET, JSON.stringify(body.secret));
    await this.settings.write(values, now);
    return this.get();
  }
}
