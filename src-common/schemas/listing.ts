import { z } from 'zod';

export const LISTING_TYPES = ['buy', 'sell'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** A listing as REST returns it and as listing:* events carry it. */
export const listingSchema = z.object({
  id: z.number().int(),
  item: z.string(),
  type: z.enum(LISTING_TYPES),
  quantity: z.number().int(),
  /** Copper per item. */
  price: z.number().int(),
  priceMode: z.enum(['Each', 'Total']),
  /** price x quantity, exact (see money.ts). */
  totalPrice: z.number().int(),
  notes: z.string(),
  seller: z.string(),
  sellerAvatar: z.string().nullable(),
  userId: z.number().int(),
  user_flags: z.string(),
  IGN: z.string(),
  contactInfo: z.string(),
  category: z.string(),
  episode: z.string(),
  professions: z.array(z.string()),
  image: z.string(),
  rarity: z.string().nullable(),
  combatCategory: z.string().nullable(),
  combatLevel: z.number().int().nullable(),
  combatStrength: z.number().int().nullable(),
  combatDmgType: z.string().nullable(),
  combatDmgPercent: z.number().int().nullable(),
  combatImpact: z.number().int().nullable(),
  combatCryonae: z.number().int().nullable(),
  combatArborae: z.number().int().nullable(),
  combatTempestae: z.number().int().nullable(),
  combatInfernae: z.number().int().nullable(),
  combatNecromae: z.number().int().nullable(),
  /** ISO time of posting. */
  timestamp: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Listing = z.infer<typeof listingSchema>;

/** GET /api/listings/{id} also splits the unit price into the four tiers. */
export const listingDetailSchema = listingSchema.extend({
  platinum: z.number().int(),
  gold: z.number().int(),
  silver: z.number().int(),
  copper: z.number().int(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;
