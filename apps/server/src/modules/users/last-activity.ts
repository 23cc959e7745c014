/** Where an account's last activity is written. */
export interface ActivityStore {
  touchActivity(userId: string, at: Date): Promise<void>;
}

/** An account's last activity is written at most this often by one server node. */
export const ACTIVITY_RESOLUTION_MS = 60_000;
/** Accounts whose last write is remembered; a forgotten one is simply written again. */
const REMEMBERED = 10_000;

/**
 * Keeps each account's last activity (web API and app keys) to the minute, for the Users tab:
 * a busy account costs one write a minute per node, not one per request.
 */
export class LastActivity {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly store: ActivityStore,
    private readonly now: () => number = Date.now,
  ) {}

  async seen(userId: string): Promise<void> {
    const now = this.now();
    const last = this.written.get(userId);
    if (last !== undefined && now - last < ACTIVITY_RESOLUTION_MS) return;
    if (this.written.size >= REMEMBERED) this.written.clear();
    this.written.set(userId, now);
    await this.store.touchActivity(userId, new Date(now));
  }
}
