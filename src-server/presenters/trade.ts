import {
  DELETED_USER,
  type Trade,
  type TradeFeedback,
  type TradeParty,
} from '../../src-common/schemas/trade';
import { autoCompleteAt } from '../../src-common/trade-lifecycle';
import type { LiveTradeDoc, StoredFeedback } from '../models/trade';

const iso = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : null);
const feedback = (entry: StoredFeedback | null | undefined): TradeFeedback | null =>
  entry ? { rating: entry.rating, comment: entry.comment, at: new Date(entry.at).toISOString() } : null;

/** The parties' current names, by id (an account that is gone is missing). */
export type Usernames = ReadonlyMap<number, string>;

/** The parties' in-game names, by id (null: not set). */
export type Igns = ReadonlyMap<number, string | null>;

const party = (id: number, names: Usernames, igns: Igns | undefined): TradeParty => ({
  id,
  username: names.get(id) ?? DELETED_USER,
  // An account that is gone has no in-game name to give.
  ...(igns && names.has(id) ? { ign: igns.get(id) ?? null } : {}),
});

/**
 * A stored trade as REST returns it and `trade:updated` carries it (an allowlist of fields). `igns` only
 * when the trade goes to its parties: nobody else is ever told a party's in-game name.
 */
export function presentTrade(doc: LiveTradeDoc, names: Usernames, igns?: Igns): Trade {
  return {
    id: doc._id,
    listingId: doc.listingId,
    offerId: doc._id,
    item: doc.item,
    quantity: doc.quantity,
    unitPrice: doc.unitPrice,
    total: doc.total,
    buyer: party(doc.buyerId, names, igns),
    seller: party(doc.sellerId, names, igns),
    acceptedAt: new Date(doc.at).toISOString(),
    status: doc.status,
    confirmedBy: { buyer: iso(doc.confirmedBy?.buyer), seller: iso(doc.confirmedBy?.seller) },
    cancelRequestedBy: {
      buyer: iso(doc.cancelRequestedBy?.buyer),
      seller: iso(doc.cancelRequestedBy?.seller),
    },
    dispute: doc.dispute
      ? { by: doc.dispute.by, reason: doc.dispute.reason, at: new Date(doc.dispute.at).toISOString() }
      : null,
    completedAt: iso(doc.completedAt),
    cancelledAt: iso(doc.cancelledAt),
    autoCompleteAt: iso(autoCompleteAt({ status: doc.status, activityAt: new Date(doc.activityAt) })),
    feedback: { buyer: feedback(doc.feedback?.buyer), seller: feedback(doc.feedback?.seller) },
    version: doc.version,
    updatedAt: new Date(doc.updatedAt).toISOString(),
  };
}
