import { createRequire } from 'node:module';
import type {
  RateLimiterAbstract,
  RateLimiterMemory as MemoryLimiter,
  RateLimiterRedis as RedisLimiter,
  RateLimiterRes as LimiterRes,
} from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { RateLimits } from '../config.js';

export type Bucket = keyof RateLimits;

// The package's index loads every limiter it has (MongoDB, MySQL, DynamoDB, Prisma…), some thirty
// modules and 50-150 ms of a start: only these are loaded, the Redis one only with Redis.
const require = createRequire(import.meta.url);
const RateLimiterMemory: typeof MemoryLimiter = require('rate-limiter-flexible/lib/RateLimiterMemory.js');
const RateLimiterRes: typeof LimiterRes = require('rate-limiter-flexible/lib/RateLimiterRes.js');

export interface RateVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Counts requests per (bucket, subject) in one-minute windows. */
export interface RateLimiter {
  /** Counts `points` requests (1 unless a request carries several, as an MCP batch does). */
  consume(bucket: Bucket, subject: string, points?: number): Promise<RateVerdict>;
  /** The verdict the next request would get, without counting one. */
  peek(bucket: Bucket, subject: string): Promise<RateVerdict>;
  /**
   * Throws unless the shared store (Redis) answers; always ready in memory. While it throws the
   * limits are this process's own (rate-limiter-flexible's insurance limiter), not shared.
   */
  ready(): Promise<void>;
}

/** Fixed one-minute windows from rate-limiter-flexible, in memory or shared through Redis. */
export function createRateLimiter(limits: RateLimits, redis: Redis | null): RateLimiter {
  const limiters = new Map<Bucket, RateLimiterAbstract>();
  const RateLimiterRedis: typeof RedisLimiter | null = redis ? require('rate-limiter-flexible/lib/RateLimiterRedis.js') : null;
  for (const bucket of Object.keys(limits) as Bucket[]) {
    const opts = { points: limits[bucket], duration: 60, keyPrefix: `sift-rl-${bucket}` };
    limiters.set(
      bucket,
      redis && RateLimiterRedis
        ? new RateLimiterRedis({ ...opts, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory(opts),
    );
  }
  return {
    async ready() {
      if (redis && (await redis.ping()) !== 'PONG') throw new Error('Redis did not answer PONG');
    },
    async peek(bucket, subject) {
      const limit = limits[bucket];
      const res = await limiters.get(bucket)!.get(subject);
      const used = res?.consumedPoints ?? 0;
      const resetSeconds = Math.max(1, Math.ceil((res?.msBeforeNext ?? 60_000) / 1000));
      return { allowed: used < limit, limit, remaining: Math.max(0, limit - used), resetSeconds };
    },
    async consume(bucket, subject, points = 1) {
      const limiter = limiters.get(bucket)!;
      const limit = limits[bucket];
      try {
        const res = await limiter.consume(subject, points);
        return { allowed: true, limit, remaining: res.remainingPoints, resetSeconds: Math.ceil(res.msBeforeNext / 1000) };
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          return { allowed: false, limit, remaining: 0, resetSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
        }
        throw err;
      }
    },
  };
}
