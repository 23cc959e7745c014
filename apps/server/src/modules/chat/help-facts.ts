import type { Config } from '../../config';

/** What help answers need to know about this server, so that they stay true of it. */
export interface HelpFacts {
  readonly supportEmail: string;
  /** YYYY-MM-DD, the last day of the early-access offer. */
  readonly earlyAccessEnd: string;
  readonly uploadMaxMb: number;
  readonly today: Date;
}

export function helpFacts(config: Config, today: Date): HelpFacts {
  return {
    supportEmail: config.supportEmail,
    earlyAccessEnd: config.earlyAccessEnd,
    uploadMaxMb: Math.round(config.uploadMaxBytes / (1024 * 1024)),
    today,
  };
}

/** "2025-07-30" → "July 30, 2025". */
export function longDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Whole days until the end of the offer, never below 0 (docs/product.md §9). */
export function earlyAccessDaysLeft(facts: HelpFacts): number {
  const end = Date.parse(`${facts.earlyAccessEnd}T00:00:00Z`);
  const today = Date.UTC(
    facts.today.getUTCFullYear(),
    facts.today.getUTCMonth(),
    facts.today.getUTCDate(),
  );
  return Math.max(0, Math.round((end - today) / 86_400_000));
}

/** The offer includes its last day. */
export function earlyAccessOpen(facts: HelpFacts): boolean {
  return facts.today.toISOString().slice(0, 10) <= facts.earlyAccessEnd;
}
