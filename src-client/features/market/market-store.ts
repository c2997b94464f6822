import { create } from 'zustand';
import type {
  HistoryRange,
  MarketBook,
  MarketOverview,
  MarketTrade,
} from '../../../src-common/schemas/market';
import { ApiError } from '../../lib/api-client';
import { marketApi } from './market-api';
import {
  initialMarketData,
  itemOf,
  markHistory,
  markItem,
  markSales,
  receiveHistory,
  receiveSales,
  receivePushedBook,
  receiveRestBook,
  receiveTrade,
  type ItemMarket,
  type MarketData,
} from './market-state';

interface MarketStore extends MarketData {
  overview: { status: 'idle' | 'loading' | 'ready' | 'error'; data: MarketOverview | null };
}

/** Per item: the book and the loaded history ranges; plus the overview. Fed by REST and the socket. */
export const useMarket = create<MarketStore>(() => ({
  ...initialMarketData,
  overview: { status: 'idle', data: null },
}));

const failure = (err: unknown) => (err instanceof ApiError && err.status === 404 ? 'missing' : 'error');

export const marketActions = {
  async loadBook(item: string) {
    const askedAt = itemOf(useMarket.getState(), item).pushes;
    try {
      const book = await marketApi.book(item);
      useMarket.setState((s) => receiveRestBook(s, book, askedAt));
    } catch (err) {
      useMarket.setState((s) => (itemOf(s, item).book ? s : markItem(s, item, failure(err))));
    }
  },
  async loadHistory(item: string, range: HistoryRange) {
    useMarket.setState((s) => markHistory(s, item, range, 'loading'));
    try {
      const history = await marketApi.history(item, range);
      useMarket.setState((s) => receiveHistory(s, history));
    } catch (err) {
      useMarket.setState((s) => markHistory(s, item, range, failure(err)));
    }
  },
  async loadSales(item: string) {
    useMarket.setState((s) => markSales(s, item, 'loading'));
    try {
      const sales = await marketApi.sales(item);
      useMarket.setState((s) => receiveSales(s, sales));
    } catch (err) {
      useMarket.setState((s) => markSales(s, item, failure(err)));
    }
  },
  async loadOverview() {
    useMarket.setState((s) => ({
      overview: { ...s.overview, status: s.overview.data ? 'ready' : 'loading' },
    }));
    try {
      const data = await marketApi.overview();
      useMarket.setState({ overview: { status: 'ready', data } });
    } catch {
      useMarket.setState((s) => ({ overview: { ...s.overview, status: 'error' } }));
    }
  },
  /** The watch ack and market:book events. */
  pushBook(book: MarketBook) {
    useMarket.setState((s) => receivePushedBook(s, book));
  },
  /** An item the server does not know (the watch ack's refusal). */
  markMissing(item: string) {
    useMarket.setState((s) => markItem(s, item, 'missing'));
  },
  trade(item: string, trade: MarketTrade) {
    useMarket.setState((s) => receiveTrade(s, item, trade));
  },
};

export const selectItemMarket =
  (item: string) =>
  (s: MarketStore): ItemMarket =>
    itemOf(s, item);
export const selectOverview = (s: MarketStore) => s.overview;
