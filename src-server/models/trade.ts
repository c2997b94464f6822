import mongoose from 'mongoose';
import {
  FEEDBACK_RATINGS,
  TRADE_ROLES,
  TRADE_STATUSES,
  type FeedbackRating,
} from '../../src-common/schemas/trade';
import { acceptedTradeState, type ByRole, type TradeState } from '../../src-common/trade-lifecycle';

/**
 * One accepted offer, recorded in the same unit of work as the accept (services/offers/decide-offer.ts).
 * It is both the market's history (read-models/market-history.ts: it survives edits and deletions of
 * listings; a cancelled trade leaves it) and the trade the two parties carry out afterwards
 * (services/trades/: confirm, cancel, dispute, feedback; the rules in src-common/trade-lifecycle.ts). Its
 * item, price, quantity and parties never change. The `_id` is the offer's id, so an offer is recorded at
 * most once (the unique `_id` refuses a second insert).
 *
 * `side` is the listing's type. The listing's owner and the offer's maker are stored as the seller and
 * the buyer: on a sell listing the owner sells to the offerer, on a buy listing the offerer sells to the
 * owner.
 *
 * Trades from before the lifecycle lack `status` and the fields after it until migrations/trade-status.ts
 * gives them theirs at start-up. Changes after the accept are conditional on `version` and run under the
 * listing's unit of work (services/listings/listing-lock.ts).
 *
 * Besides the start-up reads, trades are read by `_id`: a trader's trades and the open ones are
 * found through the bookkeeping in models/trade-books.ts (the embedded FerretDB filters nothing else on
 * its side), so no index on parties or status is kept.
 */
const feedbackSchema = new mongoose.Schema(
  { rating: { type: String, enum: FEEDBACK_RATINGS }, comment: String, at: Date },
  { _id: false },
);

const tradeSchema = new mongoose.Schema(
  {
    _id: Number,
    item: { type: String, required: true },
    /** Copper per item: the accepted amount over the quantity, to the nearest copper. */
    unitPrice: { type: Number, required: true, min: 0 },
    quantity: { type: Number, required: true, min: 1 },
    side: { type: String, enum: ['buy', 'sell'], required: true },
    listingId: { type: Number, required: true },
    sellerId: { type: Number, required: true },
    buyerId: { type: Number, required: true },
    /** When the offer was accepted. */
    at: { type: Date, required: true },
    /** Copper for the whole quantity (the accepted offer's amount). */
    total: { type: Number, min: 0 },
    status: { type: String, enum: TRADE_STATUSES },
    confirmedBy: { buyer: { type: Date, default: null }, seller: { type: Date, default: null } },
    cancelRequestedBy: { buyer: { type: Date, default: null }, seller: { type: Date, default: null } },
    dispute: {
      type: new mongoose.Schema(
        { by: { type: String, enum: TRADE_ROLES }, reason: String, at: Date },
        { _id: false },
      ),
      default: null,
    },
    completedAt: { type: Date, default: null },
    cancelledAt: { type: Date, default: null },
    /** The accept, or the last confirmation or cancel request: auto-completion counts 14 days from it. */
    activityAt: { type: Date },
    /** When the reminder before auto-completion went out for the current `activityAt` (null: not yet). */
    remindedAt: { type: Date, default: null },
    feedback: {
      buyer: { type: feedbackSchema, default: null },
      seller: { type: feedbackSchema, default: null },
    },
    version: { type: Number, default: 1 },
    updatedAt: { type: Date },
  },
  { versionKey: false },
);

tradeSchema.index({ item: 1, at: -1 });

export const TradeModel = mongoose.model('Trade', tradeSchema, 'trades');
type Stored = mongoose.InferSchemaType<typeof tradeSchema>;

/** The fields every trade has from its accept on. */
export type TradeDoc = Pick<
  Stored,
  'item' | 'unitPrice' | 'quantity' | 'side' | 'listingId' | 'sellerId' | 'buyerId' | 'at'
> & { _id: number };

export interface StoredFeedback {
  rating: FeedbackRating;
  comment: string;
  at: Date;
}

/** A trade with its lifecycle (every trade once migrations/trade-status.ts has run). */
export interface LiveTradeDoc extends TradeDoc, TradeState {
  total: number;
  remindedAt: Date | null;
  feedback: ByRole<StoredFeedback | null>;
  version: number;
  updatedAt: Date;
}

/** The stored lifecycle of a trade accepted at `at` that nobody has acted on, as written at `now`. */
export const acceptedLifecycle = (at: Date, now: Date) => ({
  ...acceptedTradeState(at),
  remindedAt: null,
  feedback: { buyer: null, seller: null },
  version: 1,
  updatedAt: now,
});
