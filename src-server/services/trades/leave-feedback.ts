import type { FeedbackInput, Trade } from '../../../src-common/schemas/trade';
import {
  feedbackCounts,
  feedbackOpen,
  FEEDBACK_THROTTLE_MS,
  other,
} from '../../../src-common/trade-lifecycle';
import { conflict } from '../../errors';
import { inTransaction } from '../../lib/transactions';
import { FeedbackModel, type FeedbackDoc } from '../../models/feedback';
import { TradeModel, type LiveTradeDoc } from '../../models/trade';
import { withListingLock } from '../listings/listing-lock';
import { sendNotification } from '../notifications/notify';
import { recordFeedbackCounted } from '../reputation/record-reputation';
import type { TradeDeps } from './change-trade';
import { presentPartyTrade, readTrade, tradeChanged, tradeOfParty } from './trade-access';
import { tradeLink } from '../../../src-common/schemas/trade';

export const FEEDBACK_ALREADY_LEFT = 'You have already left feedback on this trade.';
export const FEEDBACK_NOT_YET = 'Feedback can be left once the trade is completed or disputed.';

/**
 * Whether a new feedback from `raterId` on `targetId` counts towards the totals, and its record: one unit
 * of work on the pair's key (a transaction on MongoDB, the key's lock on the embedded database), so two
 * feedbacks written at once by one trader on another cannot both count.
 */
function fileFeedback(entry: Omit<FeedbackDoc, '_id' | 'counted'>): Promise<FeedbackDoc> {
  const { raterId, targetId, at } = entry;
  return inTransaction(`feedback:${raterId}:${targetId}`, async () => {
    const last = await FeedbackModel.findOne(
      { raterId, targetId, counted: true, at: { $gt: new Date(at.getTime() - FEEDBACK_THROTTLE_MS) } },
      { at: 1 },
    ).lean<Pick<FeedbackDoc, 'at'>>();
    const doc: FeedbackDoc = {
      ...entry,
      _id: `${entry.tradeId}:${raterId}`,
      counted: feedbackCounts(last ? new Date(last.at) : null, at),
    };
    await FeedbackModel.create([doc]);
    return doc;
  });
}

/**
 * POST /api/trades/{id}/feedback: a party rates the other once the trade is completed or disputed. The
 * trade's own conditional write decides "once" (409 for a second), under its listing's key like every
 * change of the trade; the feedback is then filed for the reputation, and counted unless the same rater
 * had a counted one on the same trader within 7 days.
 */
export async function leaveFeedback(
  deps: TradeDeps,
  userId: number,
  id: number,
  input: FeedbackInput,
): Promise<Trade> {
  const { trade: target, role } = await tradeOfParty(id, userId);
  const at = new Date();
  const after = await withListingLock(target.listingId, async () => {
    const before = await readTrade(id);
    if (!before || !feedbackOpen(before.status)) throw conflict(FEEDBACK_NOT_YET);
    if (before.feedback?.[role]) throw conflict(FEEDBACK_ALREADY_LEFT);
    const doc = await TradeModel.findOneAndUpdate(
      { _id: id, version: before.version },
      {
        $set: { [`feedback.${role}`]: { rating: input.rating, comment: input.comment, at }, updatedAt: at },
        $inc: { version: 1 },
      },
      { returnDocument: 'after' },
    ).lean<LiveTradeDoc>();
    if (!doc) throw tradeChanged();
    return doc;
  });
  const targetId = role === 'buyer' ? after.sellerId : after.buyerId;
  const filed = await fileFeedback({
    tradeId: id,
    raterId: userId,
    targetId,
    rating: input.rating,
    comment: input.comment,
    at,
  });
  if (filed.counted) await recordFeedbackCounted(deps, targetId, input.rating);
  const trade = await presentPartyTrade(deps, after);
  deps.publisher.tradeUpdated(trade);
  await sendNotification(deps, trade[other(role)].id, {
    kind: 'feedback_received',
    message: `${trade[role].username} left ${input.rating} feedback on your trade of ${trade.item}`,
    listingId: trade.listingId,
    offerId: trade.id,
    link: tradeLink(trade.id),
    causedBy: userId,
  });
  return trade;
}
