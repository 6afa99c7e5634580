import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';

export type LimitKind = 'loginIp' | 'loginAccount' | 'registerIp' | 'registerAccount' | 'resetIp' | 'resetAccount';

export interface RateLimits {
  /** Counts one attempt; throws 429 RATE_LIMITED with the seconds to wait once the allowance is used up. */
  consume(kind: LimitKind, key: string): Promise<void>;
  /** Forgets a key (a successful login clears the account's failures). */
  reset(kind: LimitKind, key: string): Promise<void>;
}

/**
 * Per-IP and per-account limits on login, register and reset (ASVS 6.1.1 / 6.3.1).
 * With Redis they are shared by every instance; an in-memory limiter stands in while Redis is away.
 */
export function createRateLimits(config: Config, redis?: Redis): RateLimits {
  const duration = config.RATE_WINDOW_SECONDS;
  const points: Record<LimitKind, number> = {
    loginIp: config.RATE_LOGIN_IP,
    loginAccount: config.RATE_LOGIN_ACCOUNT,
    registerIp: config.RATE_REGISTER_IP,
    registerAccount: config.RATE_REGISTER_ACCOUNT,
    resetIp: config.RATE_RESET_IP,
    resetAccount: config.RATE_RESET_ACCOUNT,
  };
  const limiters = Object.fromEntries(
    (Object.keys(points) as LimitKind[]).map((kind) => {
      const opts = { points: points[kind], duration, keyPrefix: `${config.REDIS_PREFIX}rl:${kind}` };
      const limiter = redis
        ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory(opts);
      return [kind, limiter];
    }),
  ) as Record<LimitKind, RateLimiterMemory | RateLimiterRedis>;

  return {
    async consume(kind, key) {
      try {
        await limiters[kind].consume(key.toLowerCase());
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          throw new AppError(429, 'RATE_LIMITED', undefined, {
            seconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)),
          });
        }
        throw err;
      }
    },
    async reset(kind, key) {
      await limiters[kind].delete(key.toLowerCase()).catch(() => {});
    },
  };
}
