import type { Trade, TradeQuery } from '../../../src-common/schemas/trade';
import type { AppDeps } from '../../deps';
import { TradeModel, type LiveTradeDoc } from '../../models/trade';
import { presentTrade } from '../../presenters/trade';
import { presentTrades, readableTrade, usernamesOf } from './trade-access';

type Deps = Pick<AppDeps, 'accounts'>;

/** Newest accept first; the higher id first among trades accepted at the same moment. */
const newestFirst = (a: LiveTradeDoc, b: LiveTradeDoc) =>
  new Date(b.at).getTime() - new Date(a.at).getTime() || b._id - a._id;

/**
 * GET /api/trades: the caller's trades (as buyer or seller), newest first, filtered by status or
 * listing, one page of them and how many match. A trader's trades are few, so they are sorted here
 * (the embedded database cannot sort on its side).
 */
export async function listTrades(
  deps: Deps,
  userId: number,
  query: TradeQuery,
): Promise<{ trades: Trade[]; total: number }> {
  const docs = await TradeModel.find({
    $or: [{ buyerId: userId }, { sellerId: userId }],
    ...(query.status ? { status: query.status } : {}),
    ...(query.listingId ? { listingId: query.listingId } : {}),
  }).lean<LiveTradeDoc[]>();
  docs.sort(newestFirst);
  const offset = query.offset ?? 0;
  const page = docs.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
  return { trades: await presentTrades(deps, page), total: docs.length };
}

/** GET /api/trades/{id}: for its parties and admins. */
export async function getTrade(deps: Deps, userId: number, id: number): Promise<Trade> {
  const doc = await readableTrade(id, userId);
  return presentTrade(doc, await usernamesOf(deps, [doc]));
}
