import { createHash } from 'node:crypto';
import type {
  HistoryRange,
  ItemPrices,
  MarketBook,
  MarketHistory as HistoryAnswer,
  MarketOverview,
  MarketSales,
  OverviewRow,
} from '../../src-common/schemas/market';
import { BookStamps } from './book-stamps';
import { MarketBooks } from './market-books';
import { HOUR_MS, MarketHistory } from './market-history';

const OVERVIEW_ROWS = 10;
const PRICES_OPEN = Buffer.from('{"items":{');
const PRICES_CLOSE = Buffer.from('}}');
const COMMA = Buffer.from(',');

/** One item's member of a GET /api/market/prices answer, kept until it changes. */
interface PricesPart {
  hour: number;
  revision: number;
  /** `"<item>":{...}` in UTF-8, ready to be copied into an answer. */
  bytes: Buffer;
  /** Of `bytes`: an answer's tag is made of its parts' digests, so its 24 kB are never hashed whole. */
  digest: string;
}
/** A mover needs at least this many trades in the 24-hour and in the 7-day window. */
const MOVER_MIN_TRADES = 3;
/** The smallest change that counts as a move: anything less reads "0.0 %", which is no move. */
const MOVER_MIN_CHANGE = 0.001;

/** Whether a relative change of the 24-hour median against the 7-day one is a move worth listing. */
export const isMove = (change: number) => Math.abs(change) >= MOVER_MIN_CHANGE;

/**
 * The market's read side: order books (market-books.ts) and price history (market-history.ts), answered
 * from memory. `isItem` says which names exist (the catalogue), so an unknown name is told apart from an
 * item nobody has listed or traded yet.
 */
export class MarketData {
  readonly books = new MarketBooks();
  readonly history: MarketHistory;
  /** When each item's best prices last changed. */
  private readonly bookStamps: BookStamps;
  /**
   * Each item's figures for GET /api/market/prices, kept until its book or trades change or the hour turns
   * (its windows move on the hour), so a request for 100 items mostly copies kept bytes.
   */
  private readonly pricesParts = new Map<string, PricesPart>();
  private overviewCache: { key: string; value: MarketOverview } | null = null;
  /** Grows with every change to a book (the overview's newest list and listing times depend on them). */
  private booksVersion = 0;

  constructor(
    private readonly isItem: (name: string) => boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.history = new MarketHistory(now);
    this.bookStamps = new BookStamps(this.books, now);
    this.books.onChange((item) => {
      this.booksVersion += 1;
      if (item === null) this.pricesParts.clear();
      else this.pricesParts.delete(item);
    });
  }

  /**
   * GET /api/market/prices: the figures of each named item (catalogue names, checked by the caller), as
   * the JSON of a MarketPrices, and a tag that is the same exactly when the body is (for its ETag).
   */
  prices(items: readonly string[]): { body: Buffer; tag: string } {
    const hour = Math.floor(this.now() / HOUR_MS);
    const chunks: Buffer[] = [PRICES_OPEN];
    let tag = '';
    for (const item of items) {
      const part = this.pricesPartOf(item, hour);
      if (chunks.length > 1) chunks.push(COMMA);
      chunks.push(part.bytes);
      tag += part.digest;
    }
    chunks.push(PRICES_CLOSE);
    return { body: Buffer.concat(chunks), tag };
  }

  private pricesPartOf(item: string, hour: number): PricesPart {
    const revision = this.history.revision(item);
    const held = this.pricesParts.get(item);
    if (held?.hour === hour && held.revision === revision) return held;
    const bytes = Buffer.from(`${JSON.stringify(item)}:${JSON.stringify(this.pricesOf(item))}`);
    const part = { hour, revision, bytes, digest: createHash('sha1').update(bytes).digest('base64url') };
    this.pricesParts.set(item, part);
    return part;
  }

  private pricesOf(item: string): ItemPrices {
    const { asks, bids } = this.books.book(item);
    const { trades24h, volume24h, median7d } = this.history.windows(item);
    const booked = this.bookStamps.changedAt(item);
    const traded = this.history.updatedAt(item);
    const updatedAt = booked === null && traded === null ? null : Math.max(booked ?? 0, traded ?? 0);
    return {
      item,
      bestAsk: asks[0] ? { unitPrice: asks[0].unitPrice, quantity: asks[0].quantity } : null,
      bestBid: bids[0] ? { unitPrice: bids[0].unitPrice, quantity: bids[0].quantity } : null,
      lastTrade: this.history.lastTrade(item),
      trades24h,
      volume24h,
      median7d,
      updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(),
    };
  }

  /** GET /api/market/items/{name} and the sockets' `book`; null for a name that is not an item. */
  item(name: string): MarketBook | null {
    if (!this.isItem(name)) return null;
    const { asks, bids } = this.books.book(name);
    const bestAsk = asks[0]?.unitPrice ?? null;
    const bestBid = bids[0]?.unitPrice ?? null;
    const { trades24h, volume24h } = this.history.windows(name);
    return {
      item: name,
      bestAsk,
      bestBid,
      spread: bestAsk !== null && bestBid !== null ? bestAsk - bestBid : null,
      asks,
      bids,
      lastTrade: this.history.lastTrade(name),
      trades24h,
      volume24h,
    };
  }

  historyOf(name: string, range: HistoryRange): HistoryAnswer | null {
    if (!this.isItem(name)) return null;
    return { item: name, range, buckets: this.history.history(name, range) };
  }

  /** GET /api/market/items/{name}/sales; null for a name that is not an item. */
  salesOf(name: string): MarketSales | null {
    if (!this.isItem(name)) return null;
    return { item: name, sales: this.history.recentTrades(name) };
  }

  /** Kept until a trade, a book change or the next hour, so repeated reads cost nothing. */
  overview(): MarketOverview {
    const hour = Math.floor(this.now() / 3_600_000);
    const key = `${this.history.version}:${this.booksVersion}:${hour}`;
    if (this.overviewCache?.key === key) return this.overviewCache.value;
    const value = this.computeOverview();
    this.overviewCache = { key, value };
    return value;
  }

  private computeOverview(): MarketOverview {
    const active = this.history.activeItems().map((item) => ({ item, w: this.history.windows(item) }));
    const mostTraded = active
      .filter(({ w }) => w.trades24h > 0)
      .sort((a, b) => b.w.trades24h - a.w.trades24h || b.w.volume24h - a.w.volume24h)
      .slice(0, OVERVIEW_ROWS);
    const movers = active
      .filter(({ w }) => w.trades24h >= MOVER_MIN_TRADES && w.trades7d >= MOVER_MIN_TRADES && w.median7d)
      .map((entry) => ({ ...entry, change: relativeChange(entry.w.median24h!, entry.w.median7d!) }))
      .filter(({ change }) => isMove(change))
      .sort((a, b) => Math.abs(b.change) - Math.abs(a.change))
      .slice(0, OVERVIEW_ROWS);
    return {
      mostTraded: mostTraded.map(({ item }) => this.row(item)),
      movers: movers.map(({ item }) => this.row(item)),
      newest: this.books.newestItems(OVERVIEW_ROWS).map((item) => this.row(item)),
    };
  }

  private row(item: string): OverviewRow {
    const w = this.history.windows(item);
    const listedAt = this.books.listedAt(item);
    return {
      item,
      trades24h: w.trades24h,
      volume24h: w.volume24h,
      median24h: w.median24h,
      median7d: w.median7d,
      change: w.median24h !== null && w.median7d ? relativeChange(w.median24h, w.median7d) : null,
      lastTrade: this.history.lastTrade(item),
      listedAt: listedAt === null ? null : new Date(listedAt).toISOString(),
      sparkline: w.sparkline,
    };
  }
}

const relativeChange = (now: number, before: number) => (now - before) / before;
