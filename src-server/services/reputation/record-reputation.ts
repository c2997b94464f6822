import type { FeedbackRating } from '../../../src-common/schemas/trade';
import type { Offer } from '../../../src-common/schemas/offer';
import type { AppDeps } from '../../deps';
import { atomicWrite } from '../../lib/transactions';
import { ReputationModel, type ReputationDoc } from '../../models/reputation';
import { bucketOf, dayOf, inWindow } from './response-histogram';

/**
 * Keeps each trader's reputation (models/reputation.ts) current as offers change, by `$inc` on one
 * document per user: atomic on MongoDB, serialised per user on the embedded FerretDB (lib/transactions.ts).
 *
 * These run after the offer's own write has succeeded and never fail it: the offer is already made or
 * decided, so a failure is logged and the figure stays one short (the start-up backfill does not run
 * again once it has; see migrations/reputations.ts).
 */
type Deps = Pick<AppDeps, 'logger'>;

const bump = (userId: number, inc: Record<string, number>) =>
  atomicWrite(`reputation:${userId}`, () =>
    ReputationModel.findOneAndUpdate(
      { _id: userId },
      { $inc: inc },
      { upsert: true, returnDocument: 'after' },
    ).lean<ReputationDoc>(),
  );

/** Removes the days that left the window from a user's histograms. */
async function prune(userId: number, responses: ReputationDoc['responses'], now: Date): Promise<void> {
  const stale = Object.keys(responses ?? {}).filter((day) => !inWindow(day, now));
  if (!stale.length) return;
  await atomicWrite(`reputation:${userId}`, () =>
    ReputationModel.updateOne(
      { _id: userId },
      { $unset: Object.fromEntries(stale.map((day) => [`responses.${day}`, ''])) },
    ),
  );
}

function logged(deps: Deps, what: string, work: Promise<unknown>): Promise<void> {
  return work.then(
    () => undefined,
    (err: unknown) => deps.logger.error({ err }, `recording reputation failed: ${what}`),
  );
}

/** An offer was made on a listing of `ownerId`. */
export const recordOfferReceived = (deps: Deps, ownerId: number) =>
  logged(deps, 'offer received', bump(ownerId, { offersReceived: 1 }));

/** An offer was cancelled by its maker before any answer: it no longer counts as received. */
export const recordOfferWithdrawn = (deps: Deps, ownerId: number) =>
  logged(deps, 'offer withdrawn', bump(ownerId, { offersReceived: -1 }));

/**
 * Offers on listings of `ownerId` were accepted or rejected (by the owner, or automatically when the
 * listing's stock changed): each counts as answered, with the time from its making to its answer, and
 * an accepted one as a trade for both sides.
 */
export function recordOffersAnswered(deps: Deps, ownerId: number, offers: readonly Offer[]): Promise<void> {
  if (!offers.length) return Promise.resolve();
  const now = new Date();
  const inc: Record<string, number> = { offersAnswered: offers.length };
  const buyers = new Map<number, number>();
  for (const offer of offers) {
    const answeredAt = Date.parse(offer.updatedAt);
    const path = `responses.${dayOf(answeredAt)}.${bucketOf((answeredAt - Date.parse(offer.created_at)) / 1000)}`;
    inc[path] = (inc[path] ?? 0) + 1;
    if (offer.status !== 'accepted') continue;
    inc.trades = (inc.trades ?? 0) + 1;
    buyers.set(offer.user_id, (buyers.get(offer.user_id) ?? 0) + 1);
  }
  return logged(
    deps,
    'offers answered',
    Promise.all([
      bump(ownerId, inc).then((doc) => prune(ownerId, doc?.responses, now)),
      ...[...buyers].map(([buyerId, trades]) => bump(buyerId, { trades })),
    ]),
  );
}

/** A trade was cancelled: it no longer counts as a trade of either party, as if never accepted. */
export const recordTradeCancelled = (deps: Deps, partyIds: readonly number[]) =>
  logged(deps, 'trade cancelled', Promise.all(partyIds.map((id) => bump(id, { trades: -1 }))));

/** A trade completed (+1), or a completed one was disputed (-1): both parties' completed trades follow. */
export const recordTradeCompleted = (deps: Deps, partyIds: readonly number[], delta: 1 | -1) =>
  logged(deps, 'trade completed', Promise.all(partyIds.map((id) => bump(id, { completedTrades: delta }))));

/** A feedback that counts towards the totals (services/trades/leave-feedback.ts decides which do). */
export const recordFeedbackCounted = (deps: Deps, targetId: number, rating: FeedbackRating) =>
  logged(deps, 'feedback', bump(targetId, { [`feedback.${rating}`]: 1 }));
