import { z } from 'zod';

/**
 * GET /api/users/{id}/reputation: how a trader has behaved, kept up to date as offers change
 * (src-server/services/reputation/).
 */
export const reputationSchema = z.object({
  /** Accepted offers the user took part in, as the listing's owner or as the one who offered. */
  trades: z.number().int(),
  /** Offers made on the user's listings (an offer its maker cancelled before an answer is not counted). */
  offersReceived: z.number().int(),
  /** Of those, the ones accepted or rejected (by the user, or automatically when their listing changed). */
  offersAnswered: z.number().int(),
  /** offersAnswered / offersReceived, from 0 to 1; null when no offer was received yet. */
  answerRate: z.number().min(0).max(1).nullable(),
  /**
   * Median time from an offer to its answer over the answers of the last 90 days (UTC days, today
   * included), in seconds: exact under a minute, within 2.5% above; null when there is no such answer.
   */
  medianResponseSeconds: z.number().int().nullable(),
  /** ISO time the account was created. */
  memberSince: z.string(),
});
export type Reputation = z.infer<typeof reputationSchema>;

/** The answer to a reputation request for a user who keeps their stats private. */
export const STATS_PRIVATE_MESSAGE = "This user's stats are private";
