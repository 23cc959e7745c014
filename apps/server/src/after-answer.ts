import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work a request leaves for after its answer (a reset link stored and mailed): it starts once the
 * answer is on its way, so that how long the answer takes says nothing about it. The server
 * settles it before closing its database; tests await it instead of guessing how long it takes.
 */
export class AfterAnswer {
  private readonly underWay = new Set<Promise<void>>();

  /** Starts `work` after the current answer; a failure goes to `onError`, never unhandled. */
  run(work: () => Promise<void>, onError: (error: unknown) => void): void {
    const running = nextTurn()
      .then(work)
      .catch(onError)
      .finally(() => this.underWay.delete(running));
    this.underWay.add(running);
  }

  /** Resolves once everything started so far has finished. */
  async settle(): Promise<void> {
    while (this.underWay.size > 0) await Promise.allSettled([...this.underWay]);
  }
}
