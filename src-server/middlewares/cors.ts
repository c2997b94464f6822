import type { Middleware } from 'koa';
import { ENDPOINTS } from '../openapi/endpoints';

/** Headers a page on another origin may read from a public answer. */
const EXPOSED = ['ETag', 'X-Total-Count', 'RateLimit', 'RateLimit-Policy', 'Retry-After'].join(', ');

/** The public reads of the API (ENDPOINTS' GETs anyone may call, outside /api/auth), as path patterns. */
const PUBLIC_READS = ENDPOINTS.filter(
  (e) =>
    e.method === 'get' &&
    (e.access === 'public' || e.access === 'optional') &&
    !e.path.startsWith('/api/auth/') &&
    !e.path.startsWith('/api/docs'),
).map((e) => new RegExp(`^${e.path.replace(/\{[^}]+\}/g, '[^/]+')}$`));

/**
 * Lets web tools on other origins read the public GET endpoints: `Access-Control-Allow-Origin: *`
 * without credentials (a browser then sends no cookies, and nothing here reads any). Writes and
 * everything under /api/auth carry no CORS header, so a browser keeps other origins' pages from them.
 * Not @koa/cors: it answers only requests that send an Origin (adding `Vary: Origin` to every answer), so
 * a shared cache could keep a public read without the header that every other origin then needs.
 */
export function publicReadCors(): Middleware {
  return async (ctx, next) => {
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && PUBLIC_READS.some((p) => p.test(ctx.path))) {
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.set('Access-Control-Expose-Headers', EXPOSED);
    }
    await next();
  };
}
