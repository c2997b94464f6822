import { z } from 'zod';
import { itemGroupSchema, itemGroupsQuerySchema } from '../../src-common/schemas/listing-groups';
import { ITEM_GROUPS_PAGE } from '../../src-common/listing-groups';
import { json, type Endpoint } from './endpoint';

/** The listings grouped by item: the market at a glance, like a storefront's "starting at". */
export const LISTING_GROUP_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/listings/by-item',
    summary: 'Active listings grouped by item',
    tag: 'Listings',
    access: 'public',
    query: itemGroupsQuerySchema,
    ok: json(
      'One row per item that has listings matching the filters (the same filters as `GET /api/listings`): ' +
        'how many, the lowest ask and the highest bid among them (unit prices in copper, with the quantity ' +
        `left at that price), the item's last trade and when its newest matching listing was posted; ` +
        `${ITEM_GROUPS_PAGE} items unless \`limit\` says otherwise. \`X-Total-Count\` holds how many items match.`,
      z.array(itemGroupSchema),
      ['X-Total-Count'],
    ),
    errors: [400],
  },
];
