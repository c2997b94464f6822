import type { Context, Middleware } from 'koa';
import { createClient } from 'redis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { rateLimited } from '../errors';
import type { Logger } from '../logger';
import { RATE_LIMITS, type RateLimitName } from '../policies/rate-limits';
import type { AuthState } from './auth';

export interface RateRule {
  limit: RateLimitName;
  /** What is being counted (an IP, an email, an account); null skips the rule for this request. */
  key(ctx: Context): string | null;
  /**
   * Which answers keep their point (default: every request). The point is always taken before the
   * handler runs, so a parallel burst cannot slip past the count, and given back afterwards when the
   * answer does not count: `'failed-auth'` keeps only 401s (wrong passwords), `'succeeded'` only
   * successes (a refused rename costs nothing).
   */
  counts?: Exclude<Outcome, 'blocked' | 'failed'>;
  /** A success clears the key's whole count (a successful login ends the run of failures). */
  resetOnSuccess?: boolean;
  /**
   * Clients the rule lets through: a success remembers this key under `limit` for that limit's window,
   * and a request whose key is remembered skips the rule. The per-account login ceiling uses it so an
   * address the owner logged in from is never held off by failures an attacker spread elsewhere.
   */
  exemptKnown?: { limit: RateLimitName; key(ctx: Context): string | null };
}

type Outcome = 'succeeded' | 'failed-auth' | 'failed' | 'blocked';

export interface RateLimits {
  /** A middleware that charges each rule; `action` names what is limited in the 429 message. */
  guard(action: string, rules: RateRule[]): Middleware;
  close(): Promise<void>;
}

interface Charge {
  rule: RateRule;
  key: string;
  limiter: RateLimiterAbstract;
  result: RateLimiterRes;
}

/**
 * The limits of RATE_LIMITS, counted by rate-limiter-flexible: in Redis when `redisUrl` is set, so every
 * process shares one count (with an in-memory count standing in while Redis is unreachable), in this
 * process's memory otherwise.
 */
export async function createRateLimits(options: {
  disabled: boolean;
  redisUrl?: string;
  logger: Logger;
}): Promise<RateLimits> {
  if (options.disabled) {
    return { guard: () => (_ctx, next) => next(), close: async () => undefined };
  }
  const redis = options.redisUrl ? createClient({ url: options.redisUrl }) : null;
  if (redis) {
    redis.on('error', (err) => options.logger.error({ err }, 'rate limit redis'));
    await redis.connect();
  }
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  for (const [name, { points, duration }] of Object.entries(RATE_LIMITS)) {
    const opts = { keyPrefix: `rl:${name}`, points, duration };
    limiters.set(
      name as RateLimitName,
      redis
        ? new RateLimiterRedis({
            ...opts,
            storeClient: redis,
            useRedisPackage: true,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(opts),
          })
        : new RateLimiterMemory(opts),
    );
  }

  return {
    guard: (action, rules) => async (ctx, next) => {
      const charges: Charge[] = [];
      const toRemember: Array<{ limit: RateLimitName; key: string }> = [];
      let blocked: RateLimiterRes | null = null;
      for (const rule of rules) {
        const key = rule.key(ctx);
        if (key === null) continue;
        const knownKey = rule.exemptKnown?.key(ctx) ?? null;
        if (rule.exemptKnown && knownKey !== null) {
          const known = { limit: rule.exemptKnown.limit, key: knownKey };
          toRemember.push(known);
          if (await limiters.get(known.limit)!.get(known.key)) continue;
        }
        const limiter = limiters.get(rule.limit)!;
        try {
          charges.push({ rule, key, limiter, result: await limiter.consume(key) });
        } catch (err) {
          if (!(err instanceof RateLimiterRes)) throw err;
          charges.push({ rule, key, limiter, result: err });
          blocked = err;
          break;
        }
      }
      setRateLimitHeaders(ctx, charges);
      if (blocked) {
        await settle(charges, 'blocked');
        const retryAfter = Math.max(1, Math.ceil(blocked.msBeforeNext / 1000));
        ctx.set('Retry-After', String(retryAfter));
        throw rateLimited(`Too many ${action}. Please try again in ${retryAfter} seconds.`);
      }
      try {
        await next();
      } catch (err) {
        await settle(charges, (err as { status?: number }).status === 401 ? 'failed-auth' : 'failed');
        throw err;
      }
      await settle(charges, 'succeeded');
      await Promise.all(
        toRemember.map(({ limit, key }) => limiters.get(limit)!.set(key, 1, RATE_LIMITS[limit].duration)),
      );
    },
    async close() {
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}

/** Gives back the points of rules this outcome does not count (a blocked attempt counts for none). */
async function settle(charges: Charge[], outcome: Outcome): Promise<void> {
  await Promise.all(
    charges
      .filter(({ rule }) => rule.counts && rule.counts !== outcome)
      .map(({ rule, limiter, key }) =>
        outcome === 'succeeded' && rule.resetOnSuccess ? limiter.delete(key) : limiter.reward(key, 1),
      ),
  );
}

/**
 * The IETF draft's headers, draft-ietf-httpapi-ratelimit-headers-08: `RateLimit-Policy: "name";q=5;w=60`
 * (quota, window in seconds) and `RateLimit: "name";r=4;t=42` (remaining, seconds until the window
 * resets), one list member per limit this request was counted against.
 */
function setRateLimitHeaders(ctx: Context, charges: Charge[]): void {
  if (charges.length === 0) return;
  // A request can pass two guards (a personal token's own limits, then the route's): each adds its members.
  const append = (name: string, members: string[]) => {
    const before = ctx.response.get(name);
    ctx.set(name, [...(before ? [String(before)] : []), ...members].join(', '));
  };
  append(
    'RateLimit-Policy',
    charges.map(
      ({ rule }) =>
        `"${rule.limit}";q=${RATE_LIMITS[rule.limit].points};w=${RATE_LIMITS[rule.limit].duration}`,
    ),
  );
  append(
    'RateLimit',
    charges.map(
      ({ rule, result }) =>
        `"${rule.limit}";r=${result.remainingPoints};t=${Math.max(0, Math.ceil(result.msBeforeNext / 1000))}`,
    ),
  );
}

export const byIp = (ctx: Context) => ctx.ip || null;

/** The lower-cased `email` of a JSON body, so "A@x" and "a@x" share a counter. */
export function byEmail(ctx: Context): string | null {
  const email = (ctx.request as { body?: { email?: unknown } }).body?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}

/** The client address and the body's email together: one client's attempts on one account. */
export function byIpAndEmail(ctx: Context): string | null {
  const email = byEmail(ctx);
  return email && ctx.ip ? `${ctx.ip}|${email}` : null;
}

/** The personal access token of the request; requests without one skip the rule. */
export function byApiToken(ctx: Context): string | null {
  const token = (ctx.state as AuthState).apiToken;
  return token ? String(token.id) : null;
}

/** The signed-in account; anonymous requests skip the rule (the handler answers 401). */
export function byAccount(ctx: Context): string | null {
  const auth = (ctx.state as AuthState).auth;
  return auth ? String(auth.id) : null;
}
