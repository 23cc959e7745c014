import {
  siteSettingsSchema,
  type SiteSettings,
  type SiteSettingsPatch,
} from '@cadenza/contract/site-settings';
import type { Config } from '../../config';
import type { SiteSettingsRepository } from './site-settings.repository';

type SettingKey = keyof SiteSettings;

/**
 * Each setting's value until the administrator changes it. A new setting is a field in the
 * contract's `siteSettingsSchema` and its default here (from the configuration or a constant).
 */
export function siteSettingDefaults(config: Config): SiteSettings {
  return {
    registration: config.registration,
    adminSecondFactorRequired: false,
    streamingQualityLimit: 'original',
  };
}

const KEYS = Object.keys(siteSettingsSchema.shape) as SettingKey[];

/**
 * The settings an administrator changes while the server runs. Read from the database on each
 * use (they are read rarely: at sign-up, by the web app's start), so that every server node sees
 * a change at once. A stored value that no longer parses counts as the default.
 */
export class SiteSettingsService {
  constructor(
    private readonly repository: SiteSettingsRepository,
    private readonly defaults: SiteSettings,
  ) {}

  async all(): Promise<SiteSettings> {
    const stored = await this.repository.all();
    const settings: Record<string, unknown> = {};
    for (const key of KEYS) settings[key] = this.parse(key, stored.get(key));
    return settings as SiteSettings;
  }

  async get<K extends SettingKey>(key: K): Promise<SiteSettings[K]> {
    return this.parse(key, await this.repository.find(key));
  }

  /** Stores the settings sent (already validated by the route) and answers them all. */
  async update(patch: SiteSettingsPatch): Promise<SiteSettings> {
    const values = new Map<string, string>();
    for (const key of KEYS) {
      if (patch[key] !== undefined) values.set(key, JSON.stringify(patch[key]));
    }
    await this.repository.write(values, new Date());
    return this.all();
  }

  private parse<K extends SettingKey>(key: K, text: string | undefined): SiteSettings[K] {
    if (text === undefined) return this.defaults[key];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return this.defaults[key];
    }
    const parsed = siteSettingsSchema.shape[key].safeParse(value);
    // The schema of `key` parses to the type of `key`, which TypeScript cannot follow through a map.
    return parsed.success ? (parsed.data as SiteSettings[K]) : this.defaults[key];
  }
}
