import { z } from 'zod';
import { ITEM_NAME_MAX } from '../catalogue';
import { LISTING_TYPES } from './listing';
import { offerUnitPrice } from '../trade';
import { documentedAs, ITEM_NAME_REF } from './documented-as';
import { copperSchema } from './money';

/**
 * The market answers (docs/api.md, docs/realtime.md): copper integers throughout, times ISO 8601
 * UTC. `book` in the socket events is the same shape as GET /api/market/items/{name}.
 */

/** One price level of a side of the book: every live listing of the item at that unit price. */
export const bookLevelSchema = z.object({
  unitPrice: copperSchema,
  quantity: z.number().int(),
  /** How many listings sit at this price. */
  listings: z.number().int(),
});
export type BookLevel = z.infer<typeof bookLevelSchema>;

export const lastTradeSchema = z.object({
  unitPrice: copperSchema,
  quantity: z.number().int(),
  at: z.string(),
});
export type LastTrade = z.infer<typeof lastTradeSchema>;

/** GET /api/market/items/{name}, and `book` in market:watch acks and market:book events. */
export const marketBookSchema = z.object({
  item: z.string(),
  bestAsk: copperSchema.nullable(),
  bestBid: copperSchema.nullable(),
  /** bestAsk - bestBid when both sides have a price, else null. */
  spread: z.number().int().nullable(),
  /** Sell listings, unit price ascending. */
  asks: z.array(bookLevelSchema),
  /** Buy listings, unit price descending. */
  bids: z.array(bookLevelSchema),
  lastTrade: lastTradeSchema.nullable(),
  trades24h: z.number().int(),
  volume24h: z.number().int(),
});
export type MarketBook = z.infer<typeof marketBookSchema>;

/** A trade as market:trade carries it: one accepted offer. */
export const marketTradeSchema = z.object({
  unitPrice: copperSchema,
  quantity: z.number().int(),
  /** Whether the listing the offer was accepted on was a buy or a sell listing. */
  side: z.enum(LISTING_TYPES),
  at: z.string(),
});
export type MarketTrade = z.infer<typeof marketTradeSchema>;

export const HISTORY_RANGES = ['48h', '90d'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

/** One hour (48h) or one day (90d) with at least one trade; unit prices in copper. */
export const historyBucketSchema = z.object({
  start: z.string(),
  trades: z.number().int(),
  volume: z.number().int(),
  min: copperSchema,
  max: copperSchema,
  median: z.number(),
  average: z.number(),
});
export type HistoryBucket = z.infer<typeof historyBucketSchema>;

/** GET /api/market/items/{name}/history?range=48h|90d: buckets oldest first. */
export const marketHistorySchema = z.object({
  item: z.string(),
  range: z.enum(HISTORY_RANGES),
  buckets: z.array(historyBucketSchema),
});
export type MarketHistory = z.infer<typeof marketHistorySchema>;

/** How many of an item's latest trades GET /api/market/items/{name}/sales lists at most. */
export const SALES_KEPT = 50;

/** GET /api/market/items/{name}/sales: the item's latest trades, newest first, at most SALES_KEPT. */
export const marketSalesSchema = z.object({
  item: z.string(),
  sales: z.array(lastTradeSchema),
});
export type MarketSales = z.infer<typeof marketSalesSchema>;

/** One row of an overview list. Fields a list does not rank by may still be filled in. */
export const overviewRowSchema = z.object({
  item: z.string(),
  trades24h: z.number().int(),
  volume24h: z.number().int(),
  /** Median unit price of the last 24 h and of the last 7 days; null without trades in that window. */
  median24h: z.number().nullable(),
  median7d: z.number().nullable(),
  /** (median24h - median7d) / median7d, null unless both exist. */
  change: z.number().nullable(),
  lastTrade: lastTradeSchema.nullable(),
  /** When the item's newest live listing was posted, null when none is live. */
  listedAt: z.string().nullable(),
  /** Daily medians of the last 7 days that had trades, oldest first, for the sparkline. */
  sparkline: z.array(z.object({ start: z.string(), median: z.number() })),
});
export type OverviewRow = z.infer<typeof overviewRowSchema>;

/** GET /api/market/overview. */
export const marketOverviewSchema = z.object({
  mostTraded: z.array(overviewRowSchema),
  movers: z.array(overviewRowSchema),
  newest: z.array(overviewRowSchema),
});
export type MarketOverview = z.infer<typeof marketOverviewSchema>;

/** GET /api/market/items/{name}/history's query: `range` is 48h (hourly buckets, the default) or 90d (daily). */
export const historyQuerySchema = z.object({
  range: z.enum(HISTORY_RANGES, { error: 'range must be 48h or 90d' }).default('48h'),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** GET /api/market/prices answers at most this many items a request. */
export const PRICES_ITEMS_MAX = 100;
export const PRICES_ITEMS_MESSAGE = `items must name 1 to ${PRICES_ITEMS_MAX} catalogue items, separated by commas`;

/** A repeated parameter (`items=a&items=b`, as generated clients send an array) is one list, like `items=a,b`. */
const joinRepeated = (value: unknown) => (Array.isArray(value) ? value.join(',') : value);

/** GET /api/market/prices' query: the item names, comma separated, each once in the answer. */
export const pricesQuerySchema = z.object({
  items: z
    .preprocess(
      joinRepeated,
      z
        .string({ error: PRICES_ITEMS_MESSAGE })
        .max(PRICES_ITEMS_MAX * (ITEM_NAME_MAX + 1), PRICES_ITEMS_MESSAGE)
        .transform((value, ctx) => {
          const names = value.split(',').map((name) => name.trim());
          if (names.length <= PRICES_ITEMS_MAX && names.every(Boolean)) return [...new Set(names)];
          ctx.addIssue({ code: 'custom', message: PRICES_ITEMS_MESSAGE });
          return z.NEVER;
        }),
    )
    .meta({
      // Required, which a preprocessed parameter is not taken to be; a list written `a,b,c`.
      param: { required: true, style: 'form', explode: false },
      ...documentedAs({
        type: 'array',
        items: { $ref: ITEM_NAME_REF },
        minItems: 1,
        maxItems: PRICES_ITEMS_MAX,
      }),
      description:
        `1 to ${PRICES_ITEMS_MAX} catalogue item names, separated by commas (spaces around a name are ` +
        'ignored; the parameter may also be repeated). Names are spelt exactly as GET /api/items/meta/names ' +
        'gives them, URL-encoded (`+` as `%2B`); a name that is not in the catalogue answers 400 naming it.',
      example: ['Empty Gas Leech', '+1 Potion Boost Level'],
    }),
});
export type PricesQuery = z.output<typeof pricesQuerySchema>;

/** The best price of one side of the book, and how many items are offered at it in all. */
export const priceLevelSchema = z.object({
  unitPrice: copperSchema,
  quantity: z.number().int(),
});

/** One item's figures in GET /api/market/prices; unit prices in copper, times ISO 8601 UTC. */
export const itemPricesSchema = z.object({
  item: z.string(),
  /** The lowest price of a live sell listing, or null. */
  bestAsk: priceLevelSchema.nullable(),
  /** The highest price of a live buy listing, or null. */
  bestBid: priceLevelSchema.nullable(),
  lastTrade: lastTradeSchema.nullable(),
  /** Trades and items traded in the current hour and the 23 before it. */
  trades24h: z.number().int(),
  volume24h: z.number().int(),
  /** The median unit price of the trades of today and the 6 days before (UTC), or null without any. */
  median7d: copperSchema.nullable(),
  /**
   * When any figure above last changed, including trades leaving the 24-hour or 7-day window; null when
   * the item has no live listing, no trade and no change since the server started.
   */
  updatedAt: z.string().nullable(),
});
export type ItemPrices = z.infer<typeof itemPricesSchema>;

/** GET /api/market/prices: every item asked for, by its name. */
export const marketPricesSchema = z.object({ items: z.record(z.string(), itemPricesSchema) });
export type MarketPrices = z.infer<typeof marketPricesSchema>;

/** A trade's price per item: the accepted amount over the offer's quantity, to the nearest copper. */
export const tradeUnitPrice = (offer: { offer_amount: number; quantity: number }) =>
  Math.round(offerUnitPrice(offer));

/** The Socket.IO room of an item's watchers (market:watch). */
export const marketRoom = (item: string) => `market:${item}`;
