import Router from '@koa/router';
import { historyQuerySchema } from '../../../src-common/schemas/market';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { parseQuery } from '../../middlewares/validate';

/**
 * Market data (read-models/market.ts), answered from memory. An item is named by its catalogue name,
 * URL-encoded; a name that is not in the catalogue is 404 "Item not found".
 */
export function marketRoutes({ market }: AppDeps): Router {
  return new Router()
    .get('/market/overview', (ctx) => {
      ctx.body = market.overview();
    })
    .get('/market/items/:name', (ctx) => {
      ctx.body = market.item(ctx.params.name) ?? throwNotFound();
    })
    .get('/market/items/:name/history', (ctx) => {
      const { range } = parseQuery(ctx, historyQuerySchema);
      ctx.body = market.historyOf(ctx.params.name, range) ?? throwNotFound();
    });
}

function throwNotFound(): never {
  throw notFound('item');
}
