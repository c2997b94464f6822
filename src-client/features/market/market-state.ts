import {
  SALES_KEPT,
  type HistoryBucket,
  type HistoryRange,
  type LastTrade,
  type MarketBook,
  type MarketHistory,
  type MarketSales,
  type MarketTrade,
} from '../../../src-common/schemas/market';

/**
 * The market store's data and its merge rules, as pure functions (tested in market-state.test.ts). Books
 * come from REST and from the socket (the watch ack and market:book); trades from market:trade.
 */
export type LoadStatus = 'loading' | 'ready' | 'missing' | 'error';

export interface ItemMarket {
  status: LoadStatus;
  book: MarketBook | null;
  /**
   * How many books the socket has delivered. A REST answer asked for before the latest of them is older
   * than what is held, so it is dropped (the socket's books arrive in order on one connection).
   */
  pushes: number;
  history: Partial<Record<HistoryRange, { status: LoadStatus; buckets: HistoryBucket[] }>>;
  /** The latest trades one by one, newest first, once loaded; live trades are added in front. */
  sales: { status: LoadStatus; list: LastTrade[] } | null;
}

export interface MarketData {
  items: Record<string, ItemMarket>;
}

export const initialMarketData: MarketData = { items: {} };

const EMPTY_ITEM: ItemMarket = { status: 'loading', book: null, pushes: 0, history: {}, sales: null };

export const itemOf = (data: MarketData, item: string): ItemMarket => data.items[item] ?? EMPTY_ITEM;

function withItem(data: MarketData, item: string, change: (held: ItemMarket) => ItemMarket): MarketData {
  return { items: { ...data.items, [item]: change(itemOf(data, item)) } };
}

/** A REST answer for the book; `askedAt` is the item's `pushes` when the request was sent. */
export function receiveRestBook(data: MarketData, book: MarketBook, askedAt: number): MarketData {
  if (itemOf(data, book.item).pushes !== askedAt) return data;
  return withItem(data, book.item, (held) => ({ ...held, status: 'ready', book }));
}

/** A book from the socket: always the newest. */
export function receivePushedBook(data: MarketData, book: MarketBook): MarketData {
  return withItem(data, book.item, (held) => ({
    ...held,
    status: 'ready',
    book,
    pushes: held.pushes + 1,
  }));
}

export function markItem(data: MarketData, item: string, status: LoadStatus): MarketData {
  return withItem(data, item, (held) => ({ ...held, status }));
}

export function markHistory(data: MarketData, item: string, range: HistoryRange, status: LoadStatus) {
  return withItem(data, item, (held) => ({
    ...held,
    history: { ...held.history, [range]: { buckets: held.history[range]?.buckets ?? [], status } },
  }));
}

export function receiveHistory(data: MarketData, history: MarketHistory): MarketData {
  return withItem(data, history.item, (held) => ({
    ...held,
    history: { ...held.history, [history.range]: { status: 'ready', buckets: history.buckets } },
  }));
}

export function markSales(data: MarketData, item: string, status: LoadStatus): MarketData {
  return withItem(data, item, (held) => ({ ...held, sales: { list: held.sales?.list ?? [], status } }));
}

export function receiveSales(data: MarketData, sales: MarketSales): MarketData {
  return withItem(data, sales.item, (held) => ({ ...held, sales: { status: 'ready', list: sales.sales } }));
}

/** A live trade in front of the loaded sales (unless they hold it already), keeping at most SALES_KEPT. */
export function addSale(list: readonly LastTrade[], trade: MarketTrade): LastTrade[] {
  const sale = { unitPrice: trade.unitPrice, quantity: trade.quantity, at: trade.at };
  const held = list.some(
    (s) => s.at === sale.at && s.unitPrice === sale.unitPrice && s.quantity === sale.quantity,
  );
  if (held) return [...list];
  const at = Date.parse(sale.at);
  const index = list.findIndex((s) => Date.parse(s.at) <= at);
  const next = index === -1 ? [...list, sale] : [...list.slice(0, index), sale, ...list.slice(index)];
  return next.slice(0, SALES_KEPT);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const BUCKET_MS: Record<HistoryRange, number> = { '48h': HOUR_MS, '90d': DAY_MS };
export const RANGE_MS: Record<HistoryRange, number> = { '48h': 48 * HOUR_MS, '90d': 90 * DAY_MS };

/** The UTC start of the hour (48h) or day (90d) a time falls in, as the server writes it. */
export function bucketStart(at: string, range: HistoryRange): string {
  const size = BUCKET_MS[range];
  return new Date(Math.floor(Date.parse(at) / size) * size).toISOString();
}

/**
 * A live trade added to a range's buckets at once. Count, volume, min, max and the per-trade average are
 * exact; a bucket's median needs all its trades, so a held bucket keeps its median until the history is
 * next loaded (range switch, page visit, lost reconnect) rather than every watcher refetching per trade.
 */
export function addTradeToBuckets(
  buckets: readonly HistoryBucket[],
  trade: MarketTrade,
  range: HistoryRange,
): HistoryBucket[] {
  const start = bucketStart(trade.at, range);
  const price = trade.unitPrice;
  const index = buckets.findIndex((b) => Date.parse(b.start) === Date.parse(start));
  if (index === -1) {
    const added: HistoryBucket = {
      start,
      trades: 1,
      volume: trade.quantity,
      min: price,
      max: price,
      median: price,
      average: price,
    };
    return [...buckets, added].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  }
  const held = buckets[index];
  const next: HistoryBucket = {
    ...held,
    trades: held.trades + 1,
    volume: held.volume + trade.quantity,
    min: Math.min(held.min, price),
    max: Math.max(held.max, price),
    average: (held.average * held.trades + price) / (held.trades + 1),
  };
  return buckets.map((b, i) => (i === index ? next : b));
}

/** A market:trade event: the book's last trade and 24 h figures, every loaded history range and the sales. */
export function receiveTrade(data: MarketData, item: string, trade: MarketTrade): MarketData {
  return withItem(data, item, (held) => {
    // A book pushed after the trade already counts it.
    const counted = held.book?.lastTrade && Date.parse(held.book.lastTrade.at) >= Date.parse(trade.at);
    const book = held.book &&
      !counted && {
        ...held.book,
        lastTrade: { unitPrice: trade.unitPrice, quantity: trade.quantity, at: trade.at },
        trades24h: held.book.trades24h + 1,
        volume24h: held.book.volume24h + trade.quantity,
      };
    const history: ItemMarket['history'] = {};
    for (const [range, loaded] of Object.entries(held.history) as [
      HistoryRange,
      { status: LoadStatus; buckets: HistoryBucket[] },
    ][]) {
      history[range] = { ...loaded, buckets: addTradeToBuckets(loaded.buckets, trade, range) };
    }
    const sales = held.sales && { ...held.sales, list: addSale(held.sales.list, trade) };
    return { ...held, book: book || held.book, history, sales };
  });
}
