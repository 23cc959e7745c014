/**
 * At most `limit` transcodes at once. A request beyond that waits for a slot up to a moment
 * and is then turned away, so that a crowd makes quick refusals rather than a stalled server.
 */
export class TranscodeSlots {
  private running = 0;
  private readonly waiting: Array<(release: () => void) => void> = [];
  /** Since the node started: slots given, and requests turned away for want of one. */
  granted = 0;
  refused = 0;

  constructor(readonly limit: number) {}

  /** How many run now. */
  get busy(): number {
    return this.running;
  }

  /** How many wait for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** A release function once a slot is free; null when none freed up within `waitMs`. */
  acquire(waitMs: number): Promise<(() => void) | null> {
    if (this.running < this.limit) {
      this.running += 1;
      this.granted += 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve) => {
      const take = (release: () => void) => {
        clearTimeout(timer);
        this.granted += 1;
        resolve(release);
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(take);
        if (index >= 0) this.waiting.splice(index, 1);
        this.refused += 1;
        resolve(null);
      }, waitMs);
      this.waiting.push(take);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line.
      if (next) next(this.releaser());
      else this.running -= 1;
    };
  }
}
