import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { methodNotAllowed } from '../errors';

/**
 * A path the router holds literally (`/api/listings/mine`, `/api/offers/stats`) is a resource of its own,
 * even where a route with a parameter (`/api/listings/:id`) also matches it: a method only that route
 * takes answers 405 with the literal path's `Allow` (and OPTIONS lists its methods), instead of running
 * the other route on the id "mine". The router matches by path alone, and path-to-regexp v8, which it
 * uses, has no parameter patterns that would keep `:id` to digits.
 */
export function literalPaths(router: Router): Middleware {
  const methodsByPath = new Map<string, Set<string>>();
  for (const layer of router.stack) {
    if (layer.paramNames.length > 0 || layer.methods.length === 0) continue;
    const path = String(layer.path);
    const methods = methodsByPath.get(path) ?? new Set<string>();
    for (const method of layer.methods) methods.add(method);
    methodsByPath.set(path, methods);
  }
  return async (ctx, next) => {
    const methods = methodsByPath.get(ctx.path);
    if (!methods || methods.has(ctx.method)) return next();
    const allow = [...methods].join(', ');
    if (ctx.method !== 'OPTIONS') throw methodNotAllowed(ctx.method, allow);
    ctx.set('Allow', allow);
    ctx.body = '';
  };
}
