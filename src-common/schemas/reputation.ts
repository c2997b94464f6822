import { z } from 'zod';
import { REPUTATION_SUMMARY_MAX_IDS } from '../reputation-limits';
import { personSchema } from './person';
import { FEEDBACK_RATINGS } from './trade';

/** How many of the latest feedback a reputation lists. */
export const LATEST_FEEDBACK = 5;

export const feedbackCountsSchema = z.object({
  positive: z.number().int(),
  neutral: z.number().int(),
  negative: z.number().int(),
});
export type FeedbackCounts = z.infer<typeof feedbackCountsSchema>;

/** A feedback as the trader who received it shows it; a rater whose account is gone is `Deleted user`. */
export const receivedFeedbackSchema = z.object({
  rating: z.enum(FEEDBACK_RATINGS),
  comment: z.string(),
  rater: personSchema,
  at: z.string(),
});
export type ReceivedFeedback = z.infer<typeof receivedFeedbackSchema>;

/**
 * GET /api/users/{id}/reputation: how a trader has behaved, kept up to date as offers change
 * (src-server/services/reputation/).
 */
export const reputationSchema = z.object({
  /**
   * Accepted offers the user took part in, as the listing's owner or as the one who offered (a trade
   * cancelled afterwards by both parties no longer counts).
   */
  trades: z.number().int(),
  /** Trades that completed (both parties confirmed, or 14 days passed in silence) and were not disputed after. */
  completedTrades: z.number().int(),
  /** Feedback received, by rating; one rater's feedback counts once per 7 days. */
  feedback: feedbackCountsSchema,
  /** The latest feedback received (at most LATEST_FEEDBACK), newest first, whether it counted or not. */
  latestFeedback: z.array(receivedFeedbackSchema),
  /** Offers made on the user's listings (an offer its maker cancelled before an answer is not counted). */
  offersReceived: z.number().int(),
  /** Of those, the ones accepted or rejected (by the user, or automatically when their listing changed). */
  offersAnswered: z.number().int(),
  /**
   * The share of the offers that count which were answered, from 0 to 1 (answerRate below); null when none
   * counts yet.
   */
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

/**
 * How long an offer may wait for its answer before it counts against the answer rate. A player trades
 * when they are in the game, not on call: two days leaves room for a weekend away or a different time
 * zone, while an offer ignored for longer is fairly called unanswered.
 */
export const ANSWER_GRACE_HOURS = 48;
const ANSWER_GRACE_MS = ANSWER_GRACE_HOURS * 3_600_000;

/** Pending offers made before this moment have waited longer than ANSWER_GRACE_HOURS. */
export const answerOverdueBefore = (now: number): Date => new Date(now - ANSWER_GRACE_MS);

/**
 * The answer rate: answered offers over the offers that count, which are the answered ones and the pending
 * ones that have waited longer than ANSWER_GRACE_HOURS. An offer still within its grace time counts
 * neither way; null when no offer counts yet.
 */
export function answerRate(answered: number, overduePending: number): number | null {
  const counted = answered + overduePending;
  return counted > 0 ? answered / counted : null;
}

/** The answer to a reputation request for a user who keeps their stats private. */
export const STATS_PRIVATE_MESSAGE = "This user's stats are private";

/** The share of positive feedback among the counted feedback, null when there is none. */
export function positiveShare(counts: FeedbackCounts): number | null {
  const all = counts.positive + counts.neutral + counts.negative;
  return all > 0 ? counts.positive / all : null;
}

const IDS_MESSAGE = `ids must be 1 to ${REPUTATION_SUMMARY_MAX_IDS} user ids, separated by commas`;

/** GET /api/reputation/summary?ids=1,2,3 */
export const reputationSummaryQuerySchema = z.object({
  ids: z
    .string({ error: IDS_MESSAGE })
    .regex(/^\d{1,15}(,\d{1,15})*$/, IDS_MESSAGE)
    .meta({ pattern: '^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14})*$' })
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().int().positive(IDS_MESSAGE))
        .min(1, IDS_MESSAGE)
        .max(REPUTATION_SUMMARY_MAX_IDS, IDS_MESSAGE),
    ),
});

/**
 * What a listing card and the offers list show beside a trader's name, by user id. Users who do not exist
 * or keep their stats private are left out.
 */
export const reputationSummarySchema = z.record(
  z.string(),
  z.object({ completedTrades: z.number().int(), positiveShare: z.number().min(0).max(1).nullable() }),
);
export type ReputationSummary = z.infer<typeof reputationSummarySchema>;
