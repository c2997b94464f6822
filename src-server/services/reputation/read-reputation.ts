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
import { ListingModel } from '../../models/listing';
import { OfferModel } from '../../models/offer';
import { ReputationModel, type ReputationDoc } from '../../models/reputation';
import { UserModel, type UserDoc } from '../../models/user';
import { windowMedian } from './response-histogram';

type Deps = Pick<AppDeps, 'accounts'>;

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
 * The offers on the user's listings still pending after the grace time (answerRate in src-common). Only an
 * open listing holds pending offers (closing one rejects them), so this reads the user's open listings and
 * counts among their offers, both by index.
 */
async function overduePendingOffers(userId: number): Promise<number> {
  const listings = await ListingModel.find({ userId, status: 'active' }, { _id: 1 }).lean<
    { _id: number }[]
  >();
  if (!listings.length) return 0;
  return OfferModel.countDocuments({
    listingId: { $in: listings.map((listing) => listing._id) },
    status: 'pending',
    createdAt: { $lt: answerOverdueBefore(Date.now()) },
  });
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
  const [doc, latest, overdue] = await Promise.all([
    ReputationModel.findById(userId).lean<ReputationDoc>(),
    latestFeedback(deps, userId),
    overduePendingOffers(userId),
  ]);
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
