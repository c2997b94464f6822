import { createClient } from 'redis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Config } from '../../config';
import type { Logger } from '../../logger';

/** Posts one webhook may receive per window; what comes over it waits and is summed up in one post. */
export const WEBHOOK_POSTS_PER_WINDOW = 30;
const WINDOW_SECONDS = 60;

export interface WebhookLimiter {
  /** Takes one post for the webhook: 0 when allowed, else the milliseconds until the window frees. */
  take(webhookId: string): Promise<number>;
  /** Gives back a post taken for nothing (what it was for was already sent elsewhere). */
  giveBack(webhookId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The per-webhook post limit, counted by rate-limiter-flexible: in Redis when REDIS_URL is set, so every
 * process posting to one webhook shares one count (an in-memory count stands in while Redis is
 * unreachable), in this process's memory otherwise. It holds whatever RATE_LIMIT_DISABLED says: it
 * protects Discord, not this server.
 */
export async function createWebhookLimiter(
  config: Pick<Config, 'REDIS_URL' | 'TEST_WEBHOOK_WINDOW_SECONDS'>,
  logger: Logger,
): Promise<WebhookLimiter> {
  const opts = {
    keyPrefix: 'rl:discord-webhook',
    points: WEBHOOK_POSTS_PER_WINDOW,
    duration: config.TEST_WEBHOOK_WINDOW_SECONDS ?? WINDOW_SECONDS,
  };
  const redis = config.REDIS_URL ? createClient({ url: config.REDIS_URL }) : null;
  if (redis) {
    redis.on('error', (err) => logger.error({ err }, 'webhook limit redis'));
    await redis.connect();
  }
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({
        ...opts,
        storeClient: redis,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(opts),
      })
    : new RateLimiterMemory(opts);
  return {
    async take(webhookId) {
      try {
        await limiter.consume(webhookId);
        return 0;
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        return Math.max(1, err.msBeforeNext);
      }
    },
    async giveBack(webhookId) {
      await limiter.reward(webhookId, 1);
    },
    async close() {
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}
