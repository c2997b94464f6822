import { z } from 'zod';
import { listingSchema } from './listing';

export const profileStatsSchema = z.object({
  totalListings: z.number().int(),
  /** Sum of price x quantity over the user's listings, in copper. */
  totalValue: z.number().int(),
  activeBuyListings: z.number().int(),
  activeSellListings: z.number().int(),
  /** ISO time the account was created. */
  joinDate: z.string(),
  /** ISO time of the user's last activity; null when unknown (the page shows "Online now"). */
  lastActive: z.string().nullable(),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;

/** GET /api/profile/{userId}. `stats` is null when the user keeps their stats private. */
export const profileResponseSchema = z.object({
  profile: z.object({
    id: z.number().int(),
    username: z.string(),
    avatar: z.string().nullable(),
    createdAt: z.string(),
    flags: z.array(z.string()),
    /** Present (true) while an admin has suspended the account; its active listings are then not shown. */
    suspended: z.boolean().optional(),
  }),
  listings: z.array(listingSchema),
  stats: profileStatsSchema.nullable(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
