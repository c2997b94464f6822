import Router from '@koa/router';
import { historyQuerySchema } from '../../../src-common/schemas/market';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { answerUnchanged, digestOf, weakEtag } from '../../middlewares/conditional-get';
import { parseQuery } from '../../middlewares/validate';
import { priceQueries } from './price-queries';

/**
 * Market data (read-models/market.ts), answered from memory. An item is named by its catalogue name,
 * URL-encoded; a name that is not in the catalogue is 404 "Item not found" on an item's own routes, and
 * 400 naming it among the many items of GET /api/market/prices.
 */
export function marketRoutes({ market, catalogue }: AppDeps): Router {
  const itemsAsked = priceQueries(catalogue);
  return new Router()
    .get('/market/overview', (ctx) => {
      ctx.body = market.overview();
    })
    .get('/market/prices', (ctx) => {
      const { body, tag } = market.prices(itemsAsked(ctx));
      ctx.type = 'application/json';
      ctx.body = body;
      answerUnchanged(ctx, weakEtag(digestOf(tag)));
    })
    .get('/market/items/:name', (ctx) => {
      ctx.body = market.item(ctx.params.name) ?? throwNotFound();
    })
    .get('/market/items/:name/history', (ctx) => {
      const { range } = parseQuery(ctx, historyQuerySchema);
      ctx.body = market.historyOf(ctx.params.name, range) ?? throwNotFound();
    })
    .get('/market/items/:name/sales', (ctx) => {
      ctx.body = market.salesOf(ctx.params.name) ?? throwNotFound();
    });
}

function throwNotFound(): never {
  throw notFound('item');
}
