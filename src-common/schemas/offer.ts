import { z } from 'zod';

export const OFFER_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** An offer as REST returns it and as offer:* events carry it. */
export const offerSchema = z.object({
  id: z.number().int(),
  listing_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  user_avatar: z.string().nullable(),
  /** Copper, for the listing's whole quantity. */
  offer_amount: z.number().int(),
  message: z.string(),
  status: z.enum(OFFER_STATUSES),
  created_at: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Offer = z.infer<typeof offerSchema>;
