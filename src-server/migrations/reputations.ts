import { CounterModel } from '../models/counter';
import { ListingModel, type ListingDoc } from '../models/listing';
import { OfferModel, type OfferDoc } from '../models/offer';
import { ReputationModel, type ReputationDoc } from '../models/reputation';
import { bucketOf, dayOf, inWindow } from '../services/reputation/response-histogram';

/** The counters document that says the reputations were computed once from the offers. */
export const REPUTATIONS_MIGRATION_MARK = 'migration:reputations';

/**
 * Computes every trader's reputation (models/reputation.ts) once from the offers already stored, at the
 * first start of a version that keeps them; from then on the offer services keep them current. An
 * offer's answer time is taken as its `updatedAt`, the time of its last change: its decision, unless a
 * rename of its maker rewrote it later. Offers deleted with their listing are not counted (they are gone).
 *
 * Each user's document is written whole (replace, upsert), so a run interrupted before its mark is
 * simply done again. Resolves to how many users got one (0 when already done).
 */
export async function backfillReputations(now = new Date()): Promise<number> {
  if (await CounterModel.exists({ _id: REPUTATIONS_MIGRATION_MARK })) return 0;
  const owners = new Map(
    (await ListingModel.find({}, { userId: 1 }).lean<Pick<ListingDoc, '_id' | 'userId'>[]>()).map((l) => [
      l._id,
      l.userId,
    ]),
  );
  const offers = await OfferModel.find(
    {},
    { listingId: 1, userId: 1, status: 1, createdAt: 1, updatedAt: 1 },
  ).lean<Pick<OfferDoc, 'listingId' | 'userId' | 'status' | 'createdAt' | 'updatedAt'>[]>();
  // The offer figures only: trades get their lifecycle figures later (migrations/trade-status.ts).
  const reputations = new Map<number, Required<Omit<ReputationDoc, 'completedTrades' | 'feedback'>>>();
  const of = (userId: number) => {
    let doc = reputations.get(userId);
    if (!doc) {
      doc = { _id: userId, trades: 0, offersReceived: 0, offersAnswered: 0, responses: {} };
      reputations.set(userId, doc);
    }
    return doc;
  };
  for (const offer of offers) {
    const ownerId = owners.get(offer.listingId);
    if (ownerId === undefined) continue;
    const owner = of(ownerId);
    owner.offersReceived += 1;
    if (offer.status === 'pending') continue;
    owner.offersAnswered += 1;
    if (offer.status === 'accepted') {
      owner.trades += 1;
      of(offer.userId).trades += 1;
    }
    const answeredAt = new Date(offer.updatedAt).getTime();
    const day = dayOf(answeredAt);
    if (!inWindow(day, now)) continue;
    const bucket = bucketOf((answeredAt - new Date(offer.createdAt).getTime()) / 1000);
    const histogram = (owner.responses[day] ??= {});
    histogram[bucket] = (histogram[bucket] ?? 0) + 1;
  }
  for (const doc of reputations.values()) {
    await ReputationModel.replaceOne({ _id: doc._id }, doc, { upsert: true });
  }
  await CounterModel.updateOne({ _id: REPUTATIONS_MIGRATION_MARK }, { $set: { seq: 1 } }, { upsert: true });
  return reputations.size;
}
