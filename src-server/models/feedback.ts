import mongoose from 'mongoose';
import { FEEDBACK_RATINGS, type FeedbackRating } from '../../src-common/schemas/trade';

/**
 * One feedback a trader left on the other party of a trade (services/trades/leave-feedback.ts), for the
 * reputation's latest comments and the throttle. The `_id` is `<trade id>:<rater id>`, so a party leaves
 * at most one per trade. `counted` says whether it counts towards the target's totals (one per rater per
 * 7 days), decided when it was written and never changed.
 */
const feedbackSchema = new mongoose.Schema(
  {
    _id: String,
    tradeId: { type: Number, required: true },
    raterId: { type: Number, required: true },
    targetId: { type: Number, required: true },
    rating: { type: String, enum: FEEDBACK_RATINGS, required: true },
    comment: { type: String, default: '' },
    counted: { type: Boolean, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

feedbackSchema.index({ targetId: 1, at: -1 });
feedbackSchema.index({ raterId: 1, targetId: 1, at: -1 });

export const FeedbackModel = mongoose.model('Feedback', feedbackSchema, 'feedback');
export interface FeedbackDoc {
  _id: string;
  tradeId: number;
  raterId: number;
  targetId: number;
  rating: FeedbackRating;
  comment: string;
  counted: boolean;
  at: Date;
}
