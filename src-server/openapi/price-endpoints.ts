import { marketPricesSchema, PRICES_ITEMS_MAX, pricesQuerySchema } from '../../src-common/schemas/market';
import { json, type Endpoint } from './endpoint';

/** Many items' current prices in one call, for bots and price tools. */
export const PRICE_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/market/prices',
    conditional: true,
    summary: `Current prices of up to ${PRICES_ITEMS_MAX} items in one call`,
    tag: 'Market',
    access: 'public',
    query: pricesQuerySchema,
    ok: json(
      'Each item asked for, by its name: best ask and bid with their quantities, the last trade, the ' +
        "24-hour trades and volume, the 7-day median unit price (copper) and `updatedAt`, when that item's " +
        'figures last changed (compare it to skip items that did not).',
      marketPricesSchema,
    ),
    errors: [400],
  },
];
