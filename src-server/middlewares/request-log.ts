import type { Middleware } from 'koa';
import type { Logger } from '../logger';

/** One structured line per request. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const line = { method: ctx.method, url: ctx.url, status: ctx.status, ms, ip: ctx.ip };
      if (ctx.status >= 500) logger.error(line, 'request');
      else logger.info(line, 'request');
    }
  };
}
