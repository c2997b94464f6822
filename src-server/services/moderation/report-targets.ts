import type { ReportTarget, ReportTargetType } from '../../../src-common/schemas/report';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { TradeModel, type TradeDoc } from '../../models/trade';
import { UserModel } from '../../models/user';

/**
 * What a report's target is about: the accounts involved (a listing's owner; a player; an offer's
 * listing owner and maker; a trade's seller and buyer, in that order) and the listing, when there is
 * one, with the item and the names the queue's summary shows.
 */
export interface TargetFacts {
  type: ReportTargetType;
  id: number;
  userIds: number[];
  listingId: number | null;
  item: string | null;
  listingType: 'buy' | 'sell' | null;
}

export const targetKey = (target: ReportTarget) => `${target.type}:${target.id}`;

type ListingFacts = Pick<ListingDoc, '_id' | 'userId' | 'item' | 'type'>;
type OfferFacts = Pick<OfferDoc, '_id' | 'userId' | 'listingId'>;
type TradeFacts = Pick<TradeDoc, '_id' | 'item' | 'sellerId' | 'buyerId' | 'listingId' | 'side'>;

const idsOf = (targets: ReportTarget[], type: ReportTargetType) => [
  ...new Set(targets.filter((t) => t.type === type).map((t) => t.id)),
];

/** The targets that still exist, by `targetKey`, read with one query per kind. */
export async function findTargets(targets: ReportTarget[]): Promise<Map<string, TargetFacts>> {
  const [offers, trades, users] = await Promise.all([
    OfferModel.find({ _id: { $in: idsOf(targets, 'offer') } }, { userId: 1, listingId: 1 }).lean<
      OfferFacts[]
    >(),
    TradeModel.find(
      { _id: { $in: idsOf(targets, 'trade') } },
      { item: 1, sellerId: 1, buyerId: 1, listingId: 1, side: 1 },
    ).lean<TradeFacts[]>(),
    UserModel.find({ _id: { $in: idsOf(targets, 'user') } }, { _id: 1 }).lean<{ _id: number }[]>(),
  ]);
  const listingIds = [...new Set([...idsOf(targets, 'listing'), ...offers.map((o) => o.listingId)])];
  const listings = await ListingModel.find(
    { _id: { $in: listingIds } },
    { userId: 1, item: 1, type: 1 },
  ).lean<ListingFacts[]>();
  const listingById = new Map(listings.map((l) => [l._id, l]));

  const found = new Map<string, TargetFacts>();
  const add = (facts: TargetFacts) => found.set(targetKey(facts), facts);
  for (const id of idsOf(targets, 'listing')) {
    const listing = listingById.get(id);
    if (listing) add(listingFacts('listing', id, listing, [listing.userId]));
  }
  for (const { _id } of users) {
    add({ type: 'user', id: _id, userIds: [_id], listingId: null, item: null, listingType: null });
  }
  for (const offer of offers) {
    const listing = listingById.get(offer.listingId);
    if (listing) add(listingFacts('offer', offer._id, listing, [listing.userId, offer.userId]));
  }
  for (const trade of trades) {
    add({
      type: 'trade',
      id: trade._id,
      userIds: [trade.sellerId, trade.buyerId],
      listingId: trade.listingId,
      item: trade.item,
      listingType: trade.side,
    });
  }
  return found;
}

function listingFacts(
  type: 'listing' | 'offer',
  id: number,
  listing: ListingFacts,
  userIds: number[],
): TargetFacts {
  return { type, id, userIds, listingId: listing._id, item: listing.item, listingType: listing.type };
}

/** One target, or null when it does not exist (any more). */
export async function findTarget(target: ReportTarget): Promise<TargetFacts | null> {
  return (await findTargets([target])).get(targetKey(target)) ?? null;
}
