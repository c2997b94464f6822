import type { Context, Middleware } from 'koa';
import { rateLimited } from '../errors';

export interface RateRule {
  /** Separates counters of different rules that may share a key. */
  name: string;
  limit: number;
  windowMs: number;
  /** What is being counted (an IP, an email); null skips the rule for this request. */
  key(ctx: Context): string | null;
}

/**
 * In-memory sliding-window limits, one store per app. Each hit is a timestamp; a request passes while
 * fewer than `limit` hits fall inside the window. Good for one process; several processes each keep
 * their own counts, which only makes the effective limit looser, never blocks a legitimate user.
 */
export function createRateLimiter(options: { disabled: boolean; now?: () => number }) {
  const hits = new Map<string, number[]>();
  const now = options.now ?? Date.now;
  let lastSweep = 0;

  // Keys that went quiet are dropped once a minute so memory follows current traffic only.
  function sweep(at: number, maxWindow: number) {
    if (at - lastSweep < 60_000) return;
    lastSweep = at;
    for (const [key, times] of hits) {
      if (times[times.length - 1] <= at - maxWindow) hits.delete(key);
    }
  }

  return function limit(action: string, rules: RateRule[]): Middleware {
    const maxWindow = Math.max(...rules.map((r) => r.windowMs));
    return async (ctx, next) => {
      if (options.disabled) return next();
      const at = now();
      sweep(at, maxWindow);
      const checked: Array<{ id: string; times: number[] }> = [];
      for (const rule of rules) {
        const key = rule.key(ctx);
        if (!key) continue;
        const id = `${rule.name}:${key}`;
        const times = (hits.get(id) ?? []).filter((t) => t > at - rule.windowMs);
        hits.set(id, times);
        if (times.length >= rule.limit) {
          const retryAfter = Math.max(1, Math.ceil((times[0] + rule.windowMs - at) / 1000));
          ctx.set('Retry-After', String(retryAfter));
          throw rateLimited(`Too many ${action}. Please try again in ${retryAfter} seconds.`);
        }
        checked.push({ id, times });
      }
      for (const { times } of checked) times.push(at);
      await next();
    };
  };
}

export const byIp = (ctx: Context) => ctx.ip || null;

/** The lower-cased `email` of a JSON body, so "A@x" and "a@x" share a counter. */
export function byEmail(ctx: Context): string | null {
  const email = (ctx.request as { body?: { email?: unknown } }).body?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}
