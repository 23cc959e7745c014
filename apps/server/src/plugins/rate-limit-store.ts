import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisConnection } from '../redis-connection';
import { LruCache } from '../storage/lru-cache';

type Count = { current: number; ttl: number };
type Answer = (error: Error | null, result?: Count) => void;

/** Clients counted in memory at most; the least recently seen is forgotten first. */
const LOCAL_ENTRIES = 10_000;

/** Counts one window per key in this process. */
class LocalCounts {
  private readonly windows = new LruCache<string, { count: number; endsAt: number }>(LOCAL_ENTRIES);

  increment(key: string, windowMs: number): Count {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.set(key, { count: 1, endsAt: now + windowMs });
      return { current: 1, ttl: windowMs };
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }
}

/** Counts an attempt and answers the count in its window and what is left of the window. */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/**
 * The rate-limit store of several server nodes: counts in Redis, so that attempts on any node
 * count together; while Redis cannot be reached, in this process, so that every limit still
 * holds per node and no request waits for Redis or fails because of it.
 */
export function sharedRateLimitStore(
  redis: RedisConnection,
  prefix: string,
): FastifyRateLimitStoreCtor {
  const local = new LocalCounts();
  const countLocally = (key: string, windowMs: number, answer: Answer) =>
    answer(null, local.increment(key, windowMs));

  class SharedStore implements FastifyRateLimitStore {
    incr(key: string, answer: Answer, windowMs: number): void {
      if (!redis.isReady()) return countLocally(key, windowMs, answer);
      redis.client.eval(INCREMENT, 1, `${prefix}${key}`, windowMs).then(
        (result) => {
          redis.reportSuccess();
          const [current, ttl] = result as [number, number];
          answer(null, { current, ttl });
        },
        (error: unknown) => {
          redis.reportFailure(error);
          countLocally(key, windowMs, answer);
        },
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return SharedStore;
}
