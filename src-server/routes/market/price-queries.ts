import type { Context } from 'koa';
import { LRUCache } from 'lru-cache';
import { pricesQuerySchema } from '../../../src-common/schemas/market';
import type { Catalogue } from '../../catalogue/catalogue';
import { requireCatalogueItems } from '../../catalogue/item-names';
import { parseQuery } from '../../middlewares/validate';

/** What the lists kept may take: about 5,000 query strings of 100 names. */
const KEPT_BYTES = 16 * 1024 * 1024;

/**
 * The item names a GET /api/market/prices query string asks for, read and checked once per query string.
 * A bot asks for the same watchlist again and again, and reading 100 URL-encoded names and checking them
 * against the catalogue took more of a request than copying their figures. Only a valid list is kept (an
 * invalid query is read, and refused, every time), made of the catalogue's own strings, whose hashes the
 * lookups that follow have already computed.
 */
export function priceQueries(catalogue: Catalogue): (ctx: Context) => readonly string[] {
  const kept = new LRUCache<string, readonly string[]>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (items, query) => 2 * query.length + 8 * items.length + 64,
  });
  return (ctx) => {
    const known = kept.get(ctx.querystring);
    if (known) return known;
    const { items } = parseQuery(ctx, pricesQuerySchema);
    requireCatalogueItems(catalogue, items, 'items');
    const names = items.map((name) => catalogue.byName.get(name)!.Items);
    kept.set(ctx.querystring, names);
    return names;
  };
}
