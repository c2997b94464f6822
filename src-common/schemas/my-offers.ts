import { z } from 'zod';
import { BROWSE_LIMIT_MAX } from '../browse';
import { LISTING_TYPES, queryChoice, queryInteger } from './listing';
import { copperSchema } from './money';

/** An offer the player made, as "My offers" shows it: the offer's statuses, and `cancelled` once withdrawn. */
export const MY_OFFER_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled'] as const;
export type MyOfferStatus = (typeof MY_OFFER_STATUSES)[number];

/** One row of GET /api/offers/mine: the offer with what it was on. */
export const myOfferSchema = z.object({
  id: z.number().int(),
  listing_id: z.number().int(),
  /** The listing's item. */
  item: z.string(),
  /** On a buy listing the player offered to sell, on a sell listing to buy. */
  listing_type: z.enum(LISTING_TYPES),
  quantity: z.number().int(),
  /** Copper, for the offer's quantity. */
  offer_amount: copperSchema,
  status: z.enum(MY_OFFER_STATUSES),
  /** Why it was rejected automatically; null otherwise. */
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  /** When its status last changed (for a cancelled offer, when it was cancelled). */
  updatedAt: z.string(),
  version: z.number().int(),
});
export type MyOffer = z.infer<typeof myOfferSchema>;
export const myOfferListSchema = z.array(myOfferSchema);

/** GET /api/offers/mine: newest first, paged like browse; `status` keeps one status. */
export const myOffersQuerySchema = z.object({
  status: queryChoice('status', MY_OFFER_STATUSES),
  limit: queryInteger('limit', 1, BROWSE_LIMIT_MAX),
  offset: queryInteger('offset', 0, Number.MAX_SAFE_INTEGER),
});
export type MyOffersQuery = z.output<typeof myOffersQuerySchema>;

/** Newest first; the id breaks a tie between offers made in the same millisecond. */
export const newestOfferFirst = (
  a: Pick<MyOffer, 'id' | 'created_at'>,
  b: Pick<MyOffer, 'id' | 'created_at'>,
) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1);
