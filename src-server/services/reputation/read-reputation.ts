import {
  answerOverdueBefore,
  answerRate,
  LATEST_FEEDBACK,
  positiveShare,
  STATS_PRIVATE_MESSAGE,
  type FeedbackCounts,
  type Reputation,
  type ReputationSummary,
} from '../../../src-common/schemas/reputation';
import { DELETED_USER } from '../../../src-common/schemas/trade';
import type { AppDeps } from '../../deps';
import { forbidden, notFound } from '../../errors';
import { FeedbackModel, type FeedbackDoc } from '../../models/feedback';
import { ReputationModel, type ReputationDoc } from '../../models/reputation';
import { UserModel, type UserDoc } from '../../models/user';
import { windowMedian } from './response-histogram';

type Deps = Pick<AppDeps, 'accounts' | 'listings' | 'offers'>;

const countsOf = (doc: ReputationDoc | null): FeedbackCounts => ({
  positive: doc?.feedback?.positive ?? 0,
  neutral: doc?.feedback?.neutral ?? 0,
  negative: doc?.feedback?.negative ?? 0,
});

/** The latest feedback the user received, newest first, with each rater's current name. */
async function latestFeedback(deps: Deps, userId: number): Promise<Reputation['latestFeedback']> {
  const docs = await FeedbackModel.find({ targetId: userId })
    .sort({ at: -1, _id: -1 })
    .limit(LATEST_FEEDBACK)
    .lean<FeedbackDoc[]>();
  const raters = await Promise.all(docs.map((doc) => deps.accounts.get(doc.raterId)));
  return docs.map((doc, i) => ({
    rating: doc.rating,
    comment: doc.comment,
    rater: { id: doc.raterId, username: raters[i]?.username ?? DELETED_USER },
    at: new Date(doc.at).toISOString(),
  }));
}

/**
 * The offers on the user's listings still pending after the grace time (answerRate in src-common), counted
 * from the in-memory indexes: on the embedded database a query by owner or by listing would scan the
 * listings and the offers collections on every listing page.
 */
function overduePendingOffers(deps: Deps, userId: number): number {
  const before = answerOverdueBefore(Date.now()).getTime();
  let overdue = 0;
  for (const listingId of deps.listings.idsOfUser(userId)) {
    for (const offer of deps.offers.forListing(listingId)) {
      if (offer.status === 'pending' && Date.parse(offer.created_at) < before) overdue += 1;
    }
  }
  return overdue;
}

/**
 * A trader's reputation from their counters (one document read), the count of their overdue offers, and
 * their latest feedback. Like the profile's stats, it is refused (403) when they keep their stats private, except to
 * themself.
 */
export async function readReputation(
  deps: Deps,
  userId: number,
  callerId: number | null,
): Promise<Reputation> {
  const user = await UserModel.findById(userId, { createdAt: 1, settings: 1 }).lean<
    Pick<UserDoc, 'createdAt' | 'settings'>
  >();
  if (!user) throw notFound('user');
  if (user.settings?.statsPublic === false && callerId !== userId) throw forbidden(STATS_PRIVATE_MESSAGE);
  const [doc, latest] = await Promise.all([
    ReputationModel.findById(userId).lean<ReputationDoc>(),
    latestFeedback(deps, userId),
  ]);
  const overdue = overduePendingOffers(deps, userId);
  const received = doc?.offersReceived ?? 0;
  const answered = doc?.offersAnswered ?? 0;
  return {
    trades: doc?.trades ?? 0,
    completedTrades: doc?.completedTrades ?? 0,
    feedback: countsOf(doc),
    latestFeedback: latest,
    offersReceived: received,
    offersAnswered: answered,
    answerRate: answerRate(answered, overdue),
    medianResponseSeconds: windowMedian(doc?.responses ?? {}, Date.now()),
    memberSince: new Date(user.createdAt).toISOString(),
  };
}

/**
 * GET /api/reputation/summary: the completed trades and positive share of many traders at once (a page
 * of cards), in two reads. Users who do not exist or keep their stats private are left out, unless the
 * caller is that user.
 */
export async function readReputationSummary(
  ids: number[],
  callerId: number | null,
): Promise<ReputationSummary> {
  const [users, docs] = await Promise.all([
    UserModel.find({ _id: { $in: ids } }, { settings: 1 }).lean<Pick<UserDoc, '_id' | 'settings'>[]>(),
    ReputationModel.find({ _id: { $in: ids } }, { completedTrades: 1, feedback: 1 }).lean<ReputationDoc[]>(),
  ]);
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  const summary: ReputationSummary = {};
  for (const user of users) {
    if (user.settings?.statsPublic === false && user._id !== callerId) continue;
    const doc = byId.get(user._id) ?? null;
    summary[String(user._id)] = {
      completedTrades: doc?.completedTrades ?? 0,
      positiveShare: positiveShare(countsOf(doc)),
    };
  }
  return summary;
}
