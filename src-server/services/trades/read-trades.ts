import type { Trade, TradeQuery } from '../../../src-common/schemas/trade';
import type { AppDeps } from '../../deps';
import type { LiveTradeDoc } from '../../models/trade';
import { presentTrade } from '../../presenters/trade';
import {
  presentPartyTrade,
  presentTradesForParties,
  readableTrade,
  readTrade,
  roleOf,
  usernamesOf,
} from './trade-access';
import { readTradeBook } from './trade-books';

type Deps = Pick<AppDeps, 'accounts'>;

/**
 * GET /api/trades: the caller's trades (as buyer or seller), newest first (the higher id first among
 * trades accepted at the same moment), filtered by status or listing, one page of them and how many
 * match. The filter, the order and the page come from the caller's book of trades (trade-books.ts, one
 * document), and only the page's trades are read, each by its `_id`: on the embedded FerretDB any other
 * query on the trades reads every trade ever made.
 */
export async function listTrades(
  deps: Deps,
  userId: number,
  query: TradeQuery,
): Promise<{ trades: Trade[]; total: number }> {
  const matching = (await readTradeBook(userId))
    .filter(
      ({ entry }) =>
        (!query.status || entry.status === query.status) &&
        (!query.listingId || entry.listingId === query.listingId),
    )
    .sort((a, b) => new Date(b.entry.at).getTime() - new Date(a.entry.at).getTime() || b.id - a.id);
  const offset = query.offset ?? 0;
  const page = matching.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
  const docs = await Promise.all(page.map(({ id }) => readTrade(id)));
  return {
    trades: await presentTradesForParties(
      deps,
      docs.filter((doc): doc is LiveTradeDoc => doc !== null),
    ),
    total: matching.length,
  };
}

/** GET /api/trades/{id}: for its parties and admins (an admin is not told the parties' in-game names). */
export async function getTrade(deps: Deps, userId: number, id: number): Promise<Trade> {
  const doc = await readableTrade(id, userId);
  if (roleOf(doc, userId)) return presentPartyTrade(deps, doc);
  return presentTrade(doc, await usernamesOf(deps, [doc]));
}
