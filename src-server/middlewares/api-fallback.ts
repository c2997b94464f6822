import type { Middleware } from 'koa';
import { methodNotAllowed, notFound } from '../errors';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Gives the API's unanswered requests the one error shape. The router's `allowedMethods()` marks a known
 * path called with a method it does not take as 405 with `Allow`, but leaves it without a body; a path no
 * route has falls through the router and the client files untouched. Both leave here as JSON.
 */
export function apiFallback(): Middleware {
  return async (ctx, next) => {
    await next();
    if (!isApiPath(ctx.path) || ctx.body != null) return;
    if (ctx.status === 405) throw methodNotAllowed(ctx.method, ctx.response.get('Allow'));
    if (ctx.status === 404) throw notFound('endpoint');
  };
}
