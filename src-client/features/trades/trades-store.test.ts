import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Trade } from '../../../src-common/schemas/trade';
import { emptyTable } from '../../lib/entity-table';
import { tradesApi } from './trades-api';
import {
  loadListingTrades,
  mergeTradePage,
  tradesWithStatus,
  upsertTrade,
  useListingTradesFailed,
  useTrades,
  type TradesData,
} from './trades-store';

const none = { buyer: null, seller: null };
const trade = (id: number, version: number, change: Partial<Trade> = {}): Trade => ({
  id,
  listingId: 1,
  offerId: id,
  item: 'Rapier',
  quantity: 1,
  unitPrice: 5,
  total: 5,
  buyer: { id: 10, username: 'Bea' },
  seller: { id: 20, username: 'Sam' },
  acceptedAt: `2026-05-0${id}T00:00:00.000Z`,
  status: 'open',
  confirmedBy: none,
  cancelRequestedBy: none,
  dispute: null,
  completedAt: null,
  cancelledAt: null,
  autoCompleteAt: null,
  feedback: none,
  version,
  updatedAt: '2026-05-01T00:00:00.000Z',
  ...change,
});
const empty: TradesData = { table: emptyTable<Trade>(), pages: {} };

describe('the trades store', () => {
  it('keeps the newer version whichever arrives first (an event racing a REST answer)', () => {
    const completed = trade(1, 3, { status: 'completed' });
    const afterEvent = upsertTrade(empty, completed);
    const lateAnswer = mergeTradePage(afterEvent, 'open', { trades: [trade(1, 2)], total: 1, offset: 0 });
    expect(lateAnswer.table.byId[1].status).toBe('completed');
    expect(upsertTrade(lateAnswer, trade(1, 3))).toBe(lateAnswer);
  });

  it('counts how far each list was read', () => {
    const first = mergeTradePage(empty, 'open', { trades: [trade(1, 1), trade(2, 1)], total: 5, offset: 0 });
    const second = mergeTradePage(first, 'open', { trades: [trade(3, 1)], total: 5, offset: 2 });
    expect(second.pages.open).toEqual({ offset: 3, total: 5 });
  });

  it('lists one status, newest accept first, so a trade that moves on leaves its list', () => {
    const state = [trade(1, 1), trade(3, 1), trade(2, 2, { status: 'cancelled' })].reduce(upsertTrade, empty);
    expect(tradesWithStatus(state.table.byId, 'open').map((t) => t.id)).toEqual([3, 1]);
    expect(tradesWithStatus(state.table.byId, 'cancelled').map((t) => t.id)).toEqual([2]);
  });
});

describe("a listing's trades, read for its accepted offers", () => {
  afterEach(() => vi.restoreAllMocks());

  it('are marked failed when the read fails, and no longer once a read succeeds', async () => {
    const list = vi.spyOn(tradesApi, 'list').mockRejectedValueOnce(new Error('offline'));
    loadListingTrades(7);
    await vi.waitFor(() => expect(useListingTradesFailed.getState()[7]).toBe(true));

    list.mockResolvedValueOnce({ trades: [trade(3, 1)], total: 1 });
    loadListingTrades(7);
    await vi.waitFor(() => expect(useListingTradesFailed.getState()[7]).toBeUndefined());
    expect(useTrades.getState().table.byId[3]).toMatchObject({ id: 3 });
    expect(list).toHaveBeenCalledTimes(2);
  });
});
