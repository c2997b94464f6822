import type { Middleware } from 'koa';
import type { Logger } from '../logger';

/** Session tokens travel in a few URLs (the Discord link start, /auth-success); logs never keep them. */
const TOKEN_PARAM = /([?&]token=)[^&]*/gi;
export const redactUrl = (url: string) => url.replace(TOKEN_PARAM, '$1[redacted]');

/** One structured line per request. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const level = ctx.status >= 500 ? 'error' : 'info';
      // Building the line (the client address parses X-Forwarded-For) costs more than the hot answers.
      if (logger.isLevelEnabled(level)) {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        logger[level](
          { method: ctx.method, url: redactUrl(ctx.url), status: ctx.status, ms, ip: ctx.ip },
          'request',
        );
      }
    }
  };
}
