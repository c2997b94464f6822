import type { Listing } from '../../../src-common/schemas/listing';
import type { Trade, TradeRole } from '../../../src-common/schemas/trade';
import { afterTradeCancelled } from '../../../src-common/trade';
import {
  transition,
  type TradeAction,
  type TradeChange,
  type TradeState,
} from '../../../src-common/trade-lifecycle';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { TradeModel, type LiveTradeDoc } from '../../models/trade';
import { presentListing } from '../../presenters/listing';
import { withListingLock } from '../listings/listing-lock';
import { listingChanged, readStockedListing, unchangedStock, writeStock } from '../listings/listing-stock';
import type { NotifyDeps } from '../notifications/notify';
import { recordTradeCancelled, recordTradeCompleted } from '../reputation/record-reputation';
import { presentPartyTrade, readTrade, stateOf, tradeChanged } from './trade-access';
import { followTrade } from './trade-books';

/** What trade changes need: the notifications' deps, and the account cache for the parties' names. */
export type TradeDeps = NotifyDeps & Pick<AppDeps, 'accounts'>;

export interface TradeTransition {
  before: LiveTradeDoc;
  after: LiveTradeDoc;
  /** Null for a repeat that changed nothing. */
  change: TradeChange | null;
  /** The listing the cancelled trade gave its items back to (null when it is gone or nothing was given). */
  listing: Listing | null;
}

/** The stored fields of a trade's new state; a new activity restarts the reminder. */
function stateFields(before: TradeState, after: TradeState, now: Date) {
  return {
    status: after.status,
    confirmedBy: after.confirmedBy,
    cancelRequestedBy: after.cancelRequestedBy,
    dispute: after.dispute,
    completedAt: after.completedAt,
    cancelledAt: after.cancelledAt,
    activityAt: after.activityAt,
    ...(after.activityAt.getTime() !== before.activityAt.getTime() ? { remindedAt: null } : {}),
    updatedAt: now,
  };
}

/**
 * Gives a cancelled trade's items back to its listing, in the cancel's unit of work: a listing that sold
 * out reopens, one its owner closed stays closed with the items back in it (the owner may relist).
 */
async function giveBack(trade: LiveTradeDoc): Promise<ListingDoc | null> {
  const listing = await readStockedListing(trade.listingId);
  if (!listing) return null;
  const next = afterTradeCancelled(listing.stock, listing.closedReason, trade.quantity);
  if (next.status === 'active' || listing.stock.status === 'active') return writeStock(listing, next, 'sold');
  const doc = await ListingModel.findOneAndUpdate(
    unchangedStock(listing),
    { $set: { remainingQuantity: next.remainingQuantity }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<ListingDoc>();
  if (!doc) throw listingChanged();
  return doc;
}

/**
 * Applies one action to a trade as one unit of work on its listing's key (the key the accept and every
 * stock change use, so a cancel giving items back never races them): the rules decide from the trade as
 * it is now, and the write is conditional on the version read. Of racing actions, each later one sees
 * the earlier one's result; one the new state refuses answers 409. The parties' books and the open
 * trade's deadline follow in the same unit (trade-books.ts).
 */
export async function applyTradeAction(
  id: number,
  action: TradeAction,
  role: TradeRole,
  now: Date,
): Promise<TradeTransition> {
  const target = await readTrade(id);
  if (!target) throw notFound('trade');
  return withListingLock(target.listingId, async () => {
    const before = await readTrade(id);
    if (!before) throw notFound('trade');
    const state = stateOf(before);
    const result = transition(state, action, role, now);
    if (!result.ok) throw conflict(result.message);
    if (!result.change) return { before, after: before, change: null, listing: null };
    const after = await TradeModel.findOneAndUpdate(
      { _id: id, version: before.version },
      { $set: stateFields(state, result.state, now), $inc: { version: 1 } },
      { returnDocument: 'after' },
    ).lean<LiveTradeDoc>();
    if (!after) throw tradeChanged();
    await followTrade(after, after.status !== before.status);
    const listing = result.change === 'cancelled' ? await giveBack(after) : null;
    return { before, after, change: result.change, listing: listing ? presentListing(listing) : null };
  });
}

/**
 * What follows a change, once it is durable: the market and the figures forget a cancelled trade, the
 * listing it gave back to is published, completed trades count (and stop counting when disputed
 * afterwards), and both parties' sockets get the trade. Answers the trade as presented.
 */
export async function publishTradeTransition(deps: TradeDeps, done: TradeTransition): Promise<Trade> {
  const { before, after, change } = done;
  const trade = await presentPartyTrade(deps, after);
  if (!change) return trade;
  const parties = [after.buyerId, after.sellerId];
  // Counted before told, so that a page re-reading the parties' records on the live event finds it.
  if (change === 'cancelled') await recordTradeCancelled(deps, parties);
  if (change === 'completed') await recordTradeCompleted(deps, parties, 1);
  if (change === 'disputed' && before.status === 'completed') await recordTradeCompleted(deps, parties, -1);
  deps.publisher.tradeUpdated(trade);
  if (change === 'cancelled') {
    deps.publisher.tradeCancelled(after);
    if (done.listing) deps.publisher.listingUpdated(done.listing);
  }
  return trade;
}
