import mongoose from 'mongoose';

/**
 * A trader's behaviour in offers and trades, one document per user, changed only by `$inc` as offers change
 * (services/reputation/record-reputation.ts) so that reading it never scans offers. `responses` maps a
 * UTC day (`d<days since 1970>`) to that day's histogram of response times (response-histogram.ts);
 * days that leave the 90-day window are removed when the user's next answer is recorded.
 */
const reputationSchema = new mongoose.Schema(
  {
    _id: Number,
    trades: { type: Number, default: 0 },
    /** Trades that completed (both confirmed, or 14 days of silence) and were not disputed afterwards. */
    completedTrades: { type: Number, default: 0 },
    /** Feedback received that counts (one per rater per 7 days), by rating. */
    feedback: {
      positive: { type: Number, default: 0 },
      neutral: { type: Number, default: 0 },
      negative: { type: Number, default: 0 },
    },
    offersReceived: { type: Number, default: 0 },
    offersAnswered: { type: Number, default: 0 },
    responses: { type: mongoose.Schema.Types.Mixed, default: {} },
  },
  { versionKey: false, minimize: false },
);

export const ReputationModel = mongoose.model('Reputation', reputationSchema, 'reputations');
export interface ReputationDoc {
  _id: number;
  trades: number;
  completedTrades?: number;
  feedback?: { positive?: number; neutral?: number; negative?: number };
  offersReceived: number;
  offersAnswered: number;
  responses?: Record<string, Record<string, number>>;
}
