import type { Context } from 'koa';
import { LRUCache } from 'lru-cache';
import { pricesQuerySchema } from '../../../src-common/schemas/market';
import type { Catalogue } from '../../catalogue/catalogue';
import { requireCatalogueItems } from '../../catalogue/item-names';
import { parseQuery } from '../../middlewares/validate';

/**
 * What the lists kept may take. A query string is percent-encoded ASCII, which V8 keeps at a byte a
 * character: 100 names take about 2.5 kB of it and their list 800 bytes of references, so this holds about
 * 7,500 such lists, room for 5,000 bots each asking for a watchlist of 100.
 */
const KEPT_BYTES = 24 * 1024 * 1024;

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
    sizeCalculation: (items, query) => query.length + 8 * items.length + 64,
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
