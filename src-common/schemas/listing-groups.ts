import { z } from 'zod';
import { BROWSE_LIMIT_MAX } from '../browse';
import { ITEM_GROUP_SORTS } from '../listing-groups';
import { blankOrChoice, browseQuerySchema, queryInteger } from './listing';
import { lastTradeSchema } from './market';
import { copperSchema } from './money';

/**
 * GET /api/listings/by-item: the browse filters (the listings counted), its own orders of the items, and
 * paging over the items.
 */
export const itemGroupsQuerySchema = browseQuerySchema
  .omit({ sort: true, limit: true, offset: true })
  .extend({
    sort: blankOrChoice(
      ITEM_GROUP_SORTS,
      z
        .enum(ITEM_GROUP_SORTS, { error: `sort must be one of: ${ITEM_GROUP_SORTS.join(', ')}` })
        .default('new')
        .meta({
          description:
            '`new`: the item whose newest matching listing is the most recent first; `listings`: most listings ' +
            'first; `name`: A to Z; `ask`: lowest ask first; `bid`: highest bid first (items without one last).',
        }),
    ),
    limit: queryInteger('limit', 1, BROWSE_LIMIT_MAX),
    offset: queryInteger('offset', 0, Number.MAX_SAFE_INTEGER),
  });
export type ItemGroupsQuery = z.output<typeof itemGroupsQuerySchema>;

/** The best price of one side among an item's matching listings, and the quantity left at it. */
export const groupLevelSchema = z.object({
  unitPrice: copperSchema,
  quantity: z.number().int(),
});

/** One item's row: what its listings that match the filters come to. */
export const itemGroupSchema = z.object({
  item: z.string(),
  image: z.string(),
  category: z.string(),
  episode: z.string(),
  /** Matching listings of the item, sell and buy. */
  listings: z.number().int(),
  /** The lowest unit price of a matching sell listing (a Total-mode one at its total over its quantity). */
  lowestAsk: groupLevelSchema.nullable(),
  /** The highest unit price of a matching buy listing. */
  highestBid: groupLevelSchema.nullable(),
  /** The item's last trade on the market, whoever made it. */
  lastTrade: lastTradeSchema.nullable(),
  /** When the newest matching listing was posted. */
  newestAt: z.string(),
});
export type ItemGroup = z.infer<typeof itemGroupSchema>;
export type GroupLevel = z.infer<typeof groupLevelSchema>;
