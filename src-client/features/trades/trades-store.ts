import { create } from 'zustand';
import { BROWSE_LIMIT_MAX } from '../../../src-common/browse';
import type { Trade, TradeStatus } from '../../../src-common/schemas/trade';
import { emptyTable, upsertEntities, upsertEntity, type EntityTable } from '../../lib/entity-table';
import { tradesApi } from './trades-api';

/** How far My Trades has read one status's list: the next offset, and the server's total. */
export interface TradePages {
  offset: number;
  total: number;
}

/**
 * The viewer's trades by id. REST answers and `trade:updated` events go through the same version rule
 * (entity-table.ts), so a late event never undoes a newer answer. `pages` is what My Trades has read of
 * each status's list; a trade that changes status live moves to its new list through the table.
 */
export interface TradesData {
  table: EntityTable<Trade>;
  pages: Partial<Record<TradeStatus, TradePages>>;
}

export const upsertTrade = (state: TradesData, trade: Trade): TradesData => {
  const table = upsertEntity(state.table, trade);
  return table === state.table ? state : { ...state, table };
};

export const mergeTradePage = (
  state: TradesData,
  status: TradeStatus,
  page: { trades: readonly Trade[]; total: number; offset: number },
): TradesData => ({
  table: upsertEntities(state.table, page.trades),
  pages: { ...state.pages, [status]: { offset: page.offset + page.trades.length, total: page.total } },
});

export const useTrades = create<TradesData>(() => ({ table: emptyTable<Trade>(), pages: {} }));

export const tradeStore = {
  upsert: (trade: Trade) => useTrades.setState((s) => upsertTrade(s, trade)),
  /** The first page of a status's list (again, after a reconnect that lost events), or the next one. */
  async loadPage(status: TradeStatus, more = false): Promise<void> {
    const offset = more ? (useTrades.getState().pages[status]?.offset ?? 0) : 0;
    const page = await tradesApi.list({ status, offset });
    useTrades.setState((s) => mergeTradePage(s, status, { ...page, offset }));
  },
  /** The viewer's trades of one listing (its page shows them on the accepted offers). */
  async loadForListing(listingId: number): Promise<void> {
    const { trades } = await tradesApi.list({ listingId, limit: BROWSE_LIMIT_MAX });
    useTrades.setState((s) => ({ ...s, table: upsertEntities(s.table, trades) }));
  },
  async loadOne(id: number): Promise<void> {
    tradeStore.upsert(await tradesApi.get(id));
  },
};

export const selectTrade = (id: number) => (s: TradesData) => s.table.byId[id];
export const selectTradesById = (s: TradesData) => s.table.byId;

/** One status's trades, newest accept first (the server's order), then the higher id. */
export function tradesWithStatus(byId: Readonly<Record<number, Trade>>, status: TradeStatus): Trade[] {
  return Object.values(byId)
    .filter((t) => t.status === status)
    .sort((a, b) => b.acceptedAt.localeCompare(a.acceptedAt) || b.id - a.id);
}

/** Reads of one listing's trades under way: the page's accepted offers share one request. */
const listingReads = new Map<number, Promise<void>>();

/**
 * The listings whose last read of the viewer's trades failed: their accepted offers say so, with Try again,
 * instead of showing nothing where the trade's status belongs.
 */
export const useListingTradesFailed = create<Partial<Record<number, true>>>(() => ({}));

/** The viewer's trades of a listing, read once however many of its offers ask at the same time. */
export function loadListingTrades(listingId: number): void {
  if (listingReads.has(listingId)) return;
  const read = tradeStore
    .loadForListing(listingId)
    .then(
      () => useListingTradesFailed.setState({ [listingId]: undefined }),
      () => useListingTradesFailed.setState({ [listingId]: true }),
    )
    .finally(() => listingReads.delete(listingId));
  listingReads.set(listingId, read);
}
