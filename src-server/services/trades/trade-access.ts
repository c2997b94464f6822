import type { TradeRole } from '../../../src-common/schemas/trade';
import type { TradeState } from '../../../src-common/trade-lifecycle';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, notFound } from '../../errors';
import { TradeModel, type LiveTradeDoc } from '../../models/trade';
import { isAdmin } from '../../policies/admin';
import { presentTrade, type Usernames } from '../../presenters/trade';
import { usernamesByIds } from '../accounts/account-names';
import { ignsByIds } from '../accounts/igns';

export const readTrade = (id: number) => TradeModel.findById(id).lean<LiveTradeDoc>();

/** The caller's side of the trade, or null when they are not a party. */
export const roleOf = (
  trade: Pick<LiveTradeDoc, 'buyerId' | 'sellerId'>,
  userId: number,
): TradeRole | null => (trade.buyerId === userId ? 'buyer' : trade.sellerId === userId ? 'seller' : null);

/** A trade a party acts on: 404 when there is none, 403 for anyone else (admins only read trades). */
export async function tradeOfParty(
  id: number,
  userId: number,
): Promise<{ trade: LiveTradeDoc; role: TradeRole }> {
  const trade = await readTrade(id);
  if (!trade) throw notFound('trade');
  const role = roleOf(trade, userId);
  if (!role) throw forbidden('Only the two traders can act on a trade');
  return { trade, role };
}

/** A trade the caller may read: its parties and admins. */
export async function readableTrade(id: number, userId: number): Promise<LiveTradeDoc> {
  const trade = await readTrade(id);
  if (!trade) throw notFound('trade');
  if (!roleOf(trade, userId) && !(await isAdmin(userId))) {
    throw forbidden('Only the two traders and admins can see a trade');
  }
  return trade;
}

/** The rules' view of a stored trade. */
export const stateOf = (doc: LiveTradeDoc): TradeState => ({
  status: doc.status,
  confirmedBy: { buyer: doc.confirmedBy?.buyer ?? null, seller: doc.confirmedBy?.seller ?? null },
  cancelRequestedBy: {
    buyer: doc.cancelRequestedBy?.buyer ?? null,
    seller: doc.cancelRequestedBy?.seller ?? null,
  },
  dispute: doc.dispute ?? null,
  completedAt: doc.completedAt ?? null,
  cancelledAt: doc.cancelledAt ?? null,
  activityAt: new Date(doc.activityAt ?? doc.at),
});

/** The 409 for a trade another write changed between its read and its write. */
export const tradeChanged = () => conflict('This trade has just changed. Please try again.');

/** The current usernames of the trades' parties (a deleted account is missing). */
export const usernamesOf = (
  deps: Pick<AppDeps, 'accounts'>,
  trades: readonly Pick<LiveTradeDoc, 'buyerId' | 'sellerId'>[],
): Promise<Usernames> =>
  usernamesByIds(
    deps,
    trades.flatMap((t) => [t.buyerId, t.sellerId]),
  );

/** Trades as their parties see them: with both parties' in-game names. Only for a party's eyes. */
export async function presentTradesForParties(deps: Pick<AppDeps, 'accounts'>, docs: LiveTradeDoc[]) {
  const parties = docs.flatMap((t) => [t.buyerId, t.sellerId]);
  const [names, igns] = await Promise.all([usernamesByIds(deps, parties), ignsByIds(parties)]);
  return docs.map((doc) => presentTrade(doc, names, igns));
}

/** One trade as its parties see it (their answers and `trade:updated`). */
export const presentPartyTrade = async (deps: Pick<AppDeps, 'accounts'>, doc: LiveTradeDoc) =>
  (await presentTradesForParties(deps, [doc]))[0];
