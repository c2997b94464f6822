import { z } from 'zod';

export const ACCOUNT_SEARCH_LIMIT = 50;
export const ACCOUNT_SEARCH_Q_MAX = 100;

/**
 * GET /api/admin/accounts: `q` is matched against usernames (case-blind, anywhere in the name), email
 * addresses (case-blind, whole or in part) and Discord ids (whole).
 */
export const accountSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type a name, an email address or a Discord ID' })
    .trim()
    .min(1, 'Type a name, an email address or a Discord ID')
    .max(ACCOUNT_SEARCH_Q_MAX, `q can be at most ${ACCOUNT_SEARCH_Q_MAX} characters`),
});
export type AccountSearchQuery = z.infer<typeof accountSearchQuerySchema>;

/**
 * An account as the admin panel's Users tab finds it. `suspension` is set while `status` is
 * `suspended` (`until` ISO, null for a permanent one), null otherwise; `listings` counts every listing
 * the account holds (active or closed), `trades` its completed trades, `openReports` the open reports
 * about it (on the player, their listings, or offers and trades they were in).
 */
export const adminAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  status: z.enum(['active', 'suspended']),
  suspension: z.object({ reason: z.string(), until: z.string().nullable() }).nullable(),
  joinedAt: z.string(),
  listings: z.number().int(),
  trades: z.number().int(),
  openReports: z.number().int(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export const adminAccountListSchema = z.array(adminAccountSchema);
