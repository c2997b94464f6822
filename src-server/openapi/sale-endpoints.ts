import { marketSalesSchema, SALES_KEPT } from '../../src-common/schemas/market';
import { json, type Endpoint } from './endpoint';
import { itemNameParam } from './market-endpoints';

/** An item's latest trades one by one: the sale history of its page. */
export const SALE_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/market/items/{name}/sales',
    summary: "An item's latest trades",
    tag: 'Market',
    access: 'public',
    params: itemNameParam,
    ok: json(
      `Up to ${SALES_KEPT} of the item's latest trades, newest first: the unit price (copper), the ` +
        'quantity and when the offer was accepted. A cancelled trade leaves the list.',
      marketSalesSchema,
    ),
    errors: [404],
  },
];
