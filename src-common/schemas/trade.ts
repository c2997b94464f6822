import { z } from 'zod';
import { stripNotes } from '../notes';
import { BROWSE_LIMIT_MAX } from '../browse';
import { queryChoice, queryInteger } from './listing';
import { documentedAs } from './documented-as';
import { copperSchema } from './money';
import { personSchema } from './person';
import { REPORT_DETAILS_MAX } from './report';

/**
 * A trade: what an accepted offer became. `open` after the accept, `completed` once both parties
 * confirmed (or after 14 days of silence), `disputed` when either party disputed it, `cancelled` once both
 * asked to call it off.
 */
export const TRADE_STATUSES = ['open', 'completed', 'disputed', 'cancelled'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/** The seller hands over the items, the buyer pays. */
export const TRADE_ROLES = ['buyer', 'seller'] as const;
export type TradeRole = (typeof TRADE_ROLES)[number];

export const FEEDBACK_RATINGS = ['positive', 'neutral', 'negative'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** A dispute's reason becomes its report's details, so it has their bound. */
export const DISPUTE_REASON_MAX = REPORT_DETAILS_MAX;
export const FEEDBACK_COMMENT_MAX = 500;

/**
 * A party of a trade; an account that is gone shows as `Deleted user`. `ign`, the party's in-game name
 * (null when not set), is only in what goes to the trade's two parties (their REST reads and
 * `trade:updated`); an admin reading the trade gets no `ign`.
 */
export const tradePartySchema = personSchema.extend({
  ign: z.string().nullable().optional().meta({
    description: "The party's in-game name, null when not set; sent only to the trade's two parties.",
  }),
});
export type TradeParty = z.infer<typeof tradePartySchema>;
export const DELETED_USER = 'Deleted user';

const byRole = <T extends z.ZodType>(schema: T) => z.object({ buyer: schema, seller: schema });
/** An ISO time, or null when it has not happened. */
const when = z.string().nullable();

export const tradeFeedbackSchema = z.object({
  rating: z.enum(FEEDBACK_RATINGS),
  comment: z.string(),
  at: z.string(),
});
export type TradeFeedback = z.infer<typeof tradeFeedbackSchema>;

/** GET /api/trades/{id}, the items of GET /api/trades, and the `trade:updated` event. */
export const tradeSchema = z.object({
  /** The accepted offer's id. */
  id: z.number().int(),
  listingId: z.number().int(),
  offerId: z.number().int(),
  item: z.string(),
  quantity: z.number().int(),
  /** Copper per item: the total over the quantity, to the nearest copper. */
  unitPrice: copperSchema,
  /** Copper for the whole quantity: the accepted offer's amount. */
  total: copperSchema,
  buyer: tradePartySchema,
  seller: tradePartySchema,
  acceptedAt: z.string(),
  status: z.enum(TRADE_STATUSES),
  /** When each party confirmed ("I received what I was promised"). */
  confirmedBy: byRole(when),
  /** When each party asked to call the trade off; both asked means `cancelled`. */
  cancelRequestedBy: byRole(when),
  dispute: z.object({ by: z.enum(TRADE_ROLES), reason: z.string(), at: z.string() }).nullable(),
  completedAt: when,
  cancelledAt: when,
  /** While open: when it completes by itself unless a party acts before. */
  autoCompleteAt: when,
  /** The feedback each party left on the other (`buyer`: the buyer's, on the seller). */
  feedback: byRole(tradeFeedbackSchema.nullable()),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Trade = z.infer<typeof tradeSchema>;
export const tradeListSchema = z.array(tradeSchema);

/** GET /api/trades: the caller's trades, newest first, paged like browse. */
export const tradeQuerySchema = z.object({
  status: queryChoice('status', TRADE_STATUSES),
  /** Only the trades of one listing (the listing page shows each accepted offer's trade to its parties). */
  listingId: queryInteger('listingId', 1, Number.MAX_SAFE_INTEGER),
  limit: queryInteger('limit', 1, BROWSE_LIMIT_MAX),
  offset: queryInteger('offset', 0, Number.MAX_SAFE_INTEGER),
});
export type TradeQuery = z.output<typeof tradeQuerySchema>;

/** Free text with the notes' rules (stripped, trimmed), from `min` to `max` characters. */
const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .nullish()
    .transform((value) => stripNotes(value ?? '').trim())
    .pipe(z.string().min(min, `${field} is required`).max(max, `${field} can be at most ${max} characters`));

/** POST /api/trades/{id}/dispute */
export const disputeInputSchema = z.strictObject({ reason: text('Reason', 1, DISPUTE_REASON_MAX) }).meta(
  documentedAs({
    type: 'object',
    properties: {
      reason: {
        type: 'string',
        maxLength: DISPUTE_REASON_MAX,
        // Something is left once spaces, quotes, backquotes, semicolons and backslashes are taken out.
        pattern: '[^\\s"\'`;\\\\]',
        description: 'What went wrong. Quotes, backquotes, semicolons and backslashes are removed.',
      },
    },
    required: ['reason'],
    additionalProperties: false,
  }),
);
export type DisputeInput = z.output<typeof disputeInputSchema>;

/** POST /api/trades/{id}/feedback */
export const feedbackInputSchema = z.strictObject({
  rating: z.enum(FEEDBACK_RATINGS, { error: `Rating must be one of: ${FEEDBACK_RATINGS.join(', ')}` }),
  comment: text('Comment', 0, FEEDBACK_COMMENT_MAX),
});
export type FeedbackInput = z.output<typeof feedbackInputSchema>;

/** Where a notification about a trade leads: the trade in My trades. */
export const tradeLink = (tradeId: number) => `/myprofile/trades?trade=${tradeId}`;
