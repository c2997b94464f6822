import { z } from 'zod';
import { MAX_QUANTITY, MAX_TOTAL_COPPER } from '../money';
import { stripNotes } from '../notes';
import { copperSchema } from './money';

export const OFFER_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** An offer as REST returns it and as offer:* events carry it. */
export const offerSchema = z.object({
  id: z.number().int(),
  listing_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  user_avatar: z.string().nullable(),
  /** How many items the offer is for (at most what remained of the listing when it was made). */
  quantity: z.number().int(),
  /** Copper, for the offer's quantity: the unit price is offer_amount / quantity (trade.ts). */
  offer_amount: copperSchema,
  message: z.string(),
  status: z.enum(OFFER_STATUSES),
  /** Why the offer was rejected automatically ("Only 2 left", "Sold to another offer", "Listing closed"). */
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Offer = z.infer<typeof offerSchema>;

export const OFFER_MESSAGE_MAX = 500;
export const OFFER_AMOUNT_MESSAGE = 'Please enter a valid offer amount';

export const OFFER_QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_QUANTITY.toLocaleString('en-US')}`;

/**
 * POST /api/offers: `quantity` is optional (all that remains of the listing when left out) and the amount
 * is copper for that quantity. The server also checks the quantity against what remains.
 */
export const offerInputSchema = z.strictObject({
  listing_id: z
    .number({ error: 'listing_id must be a positive whole number' })
    .int('listing_id must be a positive whole number')
    .positive('listing_id must be a positive whole number'),
  offer_amount: z
    .number({ error: OFFER_AMOUNT_MESSAGE })
    .int(OFFER_AMOUNT_MESSAGE)
    .positive(OFFER_AMOUNT_MESSAGE)
    .max(MAX_TOTAL_COPPER, OFFER_AMOUNT_MESSAGE)
    .meta({
      description:
        "Copper for the offer's whole quantity, at least 1: an amount as the `Copper` schema describes it.",
    }),
  quantity: z
    .number({ error: OFFER_QUANTITY_MESSAGE })
    .int(OFFER_QUANTITY_MESSAGE)
    .min(1, OFFER_QUANTITY_MESSAGE)
    .max(MAX_QUANTITY, OFFER_QUANTITY_MESSAGE)
    .nullish(),
  message: z
    .string({ error: 'Message must be text' })
    .meta({ maxLength: OFFER_MESSAGE_MAX })
    .nullish()
    .transform((value) => stripNotes(value ?? '').trim())
    .pipe(z.string().max(OFFER_MESSAGE_MAX, `Message can be at most ${OFFER_MESSAGE_MAX} characters`)),
});
export type OfferInput = z.output<typeof offerInputSchema>;
export type OfferInputBody = z.input<typeof offerInputSchema>;

export const OFFER_ACTIONS = ['accept', 'reject'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** PUT /api/offers/{offerId} */
export const offerActionSchema = z.strictObject({
  action: z.enum(OFFER_ACTIONS, { error: 'Action must be accept or reject' }),
});

/** GET /api/offers/stats: the caller's offers, for the own profile's Trading Stats. */
export const offerStatsSchema = z.object({
  /** Offers the caller made. */
  made: z.number().int(),
  /** Offers made on the caller's listings. */
  received: z.number().int(),
  /** Of both, those accepted. */
  accepted: z.number().int(),
  /** Of both, those still waiting for the listing owner. */
  pending: z.number().int(),
});
export type OfferStats = z.infer<typeof offerStatsSchema>;
