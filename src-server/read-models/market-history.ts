import {
  SALES_KEPT,
  type HistoryBucket,
  type HistoryRange,
  type LastTrade,
} from '../../src-common/schemas/market';
import { medianOf, PriceBucket } from './price-bucket';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** How many hourly and daily buckets are kept (and listed by the 48h and 90d histories). */
const HOURS_KEPT = 48;
const DAYS_KEPT = 90;
/**
 * How many of an item's latest trades are kept one by one: the item's sale list, and so that when the last
 * trade is cancelled the one before it becomes the last. Should more than this many latest trades be
 * cancelled in a row, the item shows no last trade until its next one.
 */
const RECENT_KEPT = SALES_KEPT;

const hourStart = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;
const dayStart = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

/** What the aggregates need of a trade (models/trade.ts); `at` in ms since the epoch. */
export interface TradeFact {
  id: number;
  item: string;
  unitPrice: number;
  quantity: number;
  at: number;
}

/** An item's figures over the rolling windows, as of one hour (see `MarketHistory.windows`). */
export interface ItemWindows {
  trades24h: number;
  volume24h: number;
  median24h: number | null;
  trades7d: number;
  median7d: number | null;
  /** The median of each of the last 7 days with trades, oldest first. */
  sparkline: { start: string; median: number }[];
}

interface Last {
  unitPrice: number;
  quantity: number;
  at: number;
  id: number;
}

const newer = (a: Last, b: Last) => a.at > b.at || (a.at === b.at && a.id > b.id);

class ItemHistory {
  readonly hours = new Map<number, PriceBucket>();
  readonly days = new Map<number, PriceBucket>();
  /** The latest trades, oldest first (at most RECENT_KEPT); the last one is the item's last trade. */
  readonly recent: Last[] = [];
  /** The windows as of the hour they were computed in, until the next trade or hour. */
  windows: { hour: number; value: ItemWindows } | null = null;
  /** Each range's buckets as answered, likewise. */
  readonly answers = new Map<HistoryRange, { hour: number; value: HistoryBucket[] }>();
  /** When a trade, or a cancellation that moved a figure, last changed the item's figures (ms). */
  changedAt = -Infinity;
  /** The latest time trades no longer kept in a bucket left the 24-hour or the 7-day window (ms). */
  leftAt = -Infinity;
  /** `updatedAt` as of the hour it was worked out in, until the next change or hour. */
  updated: { hour: number; value: number | null } | null = null;
  /** Grows with every change to the item's trades, so readers can keep what they derive from them. */
  revision = 0;
}

/** A window's span: its trades leave it this long after the start of their hour (24 h) or day (7 days). */
const WINDOW_24H = DAY_MS;
const WINDOW_7D = 7 * DAY_MS;

function bucketIn(buckets: Map<number, PriceBucket>, start: number): PriceBucket {
  let bucket = buckets.get(start);
  if (!bucket) buckets.set(start, (bucket = new PriceBucket(start)));
  return bucket;
}

/** The buckets that start at or after `from`, oldest first. */
function since(buckets: Map<number, PriceBucket>, from: number): PriceBucket[] {
  return [...buckets.values()].filter((b) => b.start >= from).sort((a, b) => a.start - b.start);
}

/**
 * Every item's price history, kept incrementally from the trades: hourly buckets for the last 48 hours
 * and daily ones for the last 90 days (UTC), each with its price distribution (price-bucket.ts), and the
 * last trade. Start-up adds every stored trade once (load-market-history.ts); afterwards the publisher
 * adds each new trade, this process's and the others'. A trade is added once, by its id, however it
 * arrives. Memory grows with the number of (item, hour or day, distinct price) triples, not with trades.
 *
 * Windows: "24 h" is the current hour and the 23 before it; "7 days" is today and the 6 days before.
 */
export class MarketHistory {
  private readonly items = new Map<string, ItemHistory>();
  /** Ids of trades added while the start-up read runs, which the read then skips. */
  private loading: Set<number> | null = null;
  /** Ids of the trades the start-up read added, while it runs: a removal meanwhile must know. */
  private loaded: Set<number> | null = null;
  /** Told of each trade added after start-up (the read model store keeps them). */
  private readonly observers: ((trade: TradeFact) => void)[] = [];
  /** Told of each trade removed (the read model store drops them). */
  private readonly removalObservers: ((id: number) => void)[] = [];
  /** Grows with every trade added; readers cache what they derive from it. */
  version = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Begins the start-up read: trades added until `endLoad` are remembered so the read does not add them again. */
  beginLoad(): void {
    this.loading = new Set();
    this.loaded = new Set();
  }

  endLoad(): void {
    this.loading = null;
    this.loaded = null;
  }

  /** Adds a trade from the start-up read, unless it already arrived (or was removed) live. */
  addLoaded(trade: TradeFact): void {
    if (this.loading?.has(trade.id)) return;
    this.loaded?.add(trade.id);
    this.apply(trade);
  }

  /** Adds a trade recorded by a process after start-up. */
  add(trade: TradeFact): void {
    this.loading?.add(trade.id);
    this.apply(trade);
    for (const observer of this.observers) observer(trade);
  }

  /** Hears every trade `add` takes from now on (not those of the start-up read). */
  observe(observer: (trade: TradeFact) => void): void {
    this.observers.push(observer);
  }

  /** Hears every trade `remove` takes away. */
  observeRemovals(observer: (id: number) => void): void {
    this.removalObservers.push(observer);
  }

  /**
   * Takes a cancelled trade out, as if it had never been added: its buckets, and the last trade when it
   * was the last. Given the trade as added (a process adds and removes each trade once; one still
   * reading at start-up skips it if it has not read it yet).
   */
  remove(trade: TradeFact): void {
    const unread = this.loading !== null && !this.loaded!.has(trade.id) && !this.loading.has(trade.id);
    this.loading?.add(trade.id);
    if (!unread) this.unapply(trade);
    for (const observer of this.removalObservers) observer(trade.id);
  }

  private unapply(trade: TradeFact): void {
    const history = this.items.get(trade.item);
    if (!history) return;
    const before = this.figuresKey(trade.item);
    for (const buckets of [history.hours, history.days]) {
      const start = buckets === history.hours ? hourStart(trade.at) : dayStart(trade.at);
      const bucket = buckets.get(start);
      if (!bucket) continue;
      bucket.remove(trade.unitPrice, trade.quantity);
      if (bucket.trades === 0) buckets.delete(start);
    }
    const at = history.recent.findIndex((kept) => kept.id === trade.id);
    if (at >= 0) history.recent.splice(at, 1);
    this.changed(history);
    if (this.figuresKey(trade.item) !== before) history.changedAt = this.now();
  }

  /** What GET /api/market/prices shows of the item's trades, as one string to compare. */
  private figuresKey(item: string): string {
    const { trades24h, volume24h, median7d } = this.windows(item);
    return JSON.stringify([this.lastTrade(item), trades24h, volume24h, median7d]);
  }

  private changed(history: ItemHistory): void {
    history.windows = null;
    history.answers.clear();
    history.updated = null;
    history.revision += 1;
    this.version += 1;
  }

  /** A number that changes whenever the item's trades do (0 for an item without any). */
  revision(item: string): number {
    return this.items.get(item)?.revision ?? 0;
  }

  private apply(trade: TradeFact): void {
    let history = this.items.get(trade.item);
    if (!history) this.items.set(trade.item, (history = new ItemHistory()));
    const now = this.now();
    const buckets = history.hours.size + history.days.size;
    if (trade.at >= hourStart(now) - (HOURS_KEPT - 1) * HOUR_MS) {
      bucketIn(history.hours, hourStart(trade.at)).add(trade.unitPrice, trade.quantity);
    } else history.leftAt = Math.max(history.leftAt, hourStart(trade.at) + WINDOW_24H);
    if (trade.at >= dayStart(now) - (DAYS_KEPT - 1) * DAY_MS) {
      bucketIn(history.days, dayStart(trade.at)).add(trade.unitPrice, trade.quantity);
    } else history.leftAt = Math.max(history.leftAt, dayStart(trade.at) + WINDOW_7D);
    history.changedAt = Math.max(history.changedAt, trade.at);
    // A new bucket is the moment old ones may have left their range (reads prune too).
    if (history.hours.size + history.days.size > buckets) this.prune(history);
    keepRecent(history.recent, {
      unitPrice: trade.unitPrice,
      quantity: trade.quantity,
      at: trade.at,
      id: trade.id,
    });
    this.changed(history);
  }

  lastTrade(item: string): LastTrade | null {
    const last = lastOf(this.items.get(item));
    if (!last) return null;
    return { unitPrice: last.unitPrice, quantity: last.quantity, at: new Date(last.at).toISOString() };
  }

  /** The item's latest trades (at most RECENT_KEPT), newest first. */
  recentTrades(item: string): LastTrade[] {
    const recent = this.items.get(item)?.recent ?? [];
    return recent
      .map((t) => ({ unitPrice: t.unitPrice, quantity: t.quantity, at: new Date(t.at).toISOString() }))
      .reverse();
  }

  /**
   * The buckets with trades in the range, oldest first: the last 48 hours or 90 days, the current one
   * included. Kept until the item's next trade or the next hour.
   */
  history(item: string, range: HistoryRange): HistoryBucket[] {
    const history = this.items.get(item);
    if (!history) return [];
    const now = this.now();
    const hour = hourStart(now);
    const held = history.answers.get(range);
    if (held?.hour === hour) return held.value;
    this.prune(history);
    const buckets =
      range === '48h'
        ? since(history.hours, hour - (HOURS_KEPT - 1) * HOUR_MS)
        : since(history.days, dayStart(now) - (DAYS_KEPT - 1) * DAY_MS);
    const value = buckets.map((bucket) => bucket.present());
    history.answers.set(range, { hour, value });
    return value;
  }

  /** The item's 24-hour and 7-day figures, computed once per trade or hour. */
  windows(item: string): ItemWindows {
    const history = this.items.get(item);
    const now = this.now();
    const hour = hourStart(now);
    if (!history) return EMPTY_WINDOWS;
    if (history.windows?.hour === hour) return history.windows.value;
    this.prune(history);
    const hours = since(history.hours, hour - 23 * HOUR_MS);
    const days = since(history.days, dayStart(now) - 6 * DAY_MS);
    const value: ItemWindows = {
      trades24h: hours.reduce((n, b) => n + b.trades, 0),
      volume24h: hours.reduce((n, b) => n + b.volume, 0),
      median24h: medianOf(hours),
      trades7d: days.reduce((n, b) => n + b.trades, 0),
      median7d: medianOf(days),
      sparkline: days.map((b) => ({ start: new Date(b.start).toISOString(), median: medianOf([b])! })),
    };
    history.windows = { hour, value };
    return value;
  }

  /**
   * When the item's trade figures (last trade, 24-hour trades and volume, 7-day median) last changed (ms):
   * a trade, a cancellation that moved one, or trades leaving the 24-hour or 7-day window as time passed,
   * which happens on the hour. Null for an item without trades.
   */
  updatedAt(item: string): number | null {
    const history = this.items.get(item);
    if (!history) return null;
    const now = this.now();
    const hour = hourStart(now);
    if (history.updated?.hour === hour) return history.updated.value;
    this.prune(history);
    let value = Math.max(history.changedAt, history.leftAt);
    for (const start of history.hours.keys()) {
      if (start + WINDOW_24H <= now) value = Math.max(value, start + WINDOW_24H);
    }
    for (const start of history.days.keys()) {
      if (start + WINDOW_7D <= now) value = Math.max(value, start + WINDOW_7D);
    }
    const updated = value === -Infinity ? null : value;
    history.updated = { hour, value: updated };
    return updated;
  }

  /** Every item with a trade in the last 7 days. */
  activeItems(): string[] {
    const from = dayStart(this.now()) - 6 * DAY_MS;
    const active: string[] = [];
    for (const [item, history] of this.items) {
      const last = lastOf(history);
      if (last && last.at >= from) active.push(item);
    }
    return active;
  }

  /** Forgets buckets that have left their range. */
  private prune(history: ItemHistory): void {
    const now = this.now();
    const firstHour = hourStart(now) - (HOURS_KEPT - 1) * HOUR_MS;
    const firstDay = dayStart(now) - (DAYS_KEPT - 1) * DAY_MS;
    for (const start of history.hours.keys()) {
      if (start >= firstHour) continue;
      history.hours.delete(start);
      history.leftAt = Math.max(history.leftAt, start + WINDOW_24H);
    }
    for (const start of history.days.keys()) {
      if (start >= firstDay) continue;
      history.days.delete(start);
      history.leftAt = Math.max(history.leftAt, start + WINDOW_7D);
    }
  }
}

const lastOf = (history: ItemHistory | undefined): Last | null => history?.recent.at(-1) ?? null;

/** Files a trade among the latest ones, in order, unless it is older than all RECENT_KEPT of them. */
function keepRecent(recent: Last[], trade: Last): void {
  let at = recent.length;
  while (at > 0 && newer(recent[at - 1], trade)) at -= 1;
  if (at === 0 && recent.length >= RECENT_KEPT) return;
  recent.splice(at, 0, trade);
  if (recent.length > RECENT_KEPT) recent.shift();
}

const EMPTY_WINDOWS: ItemWindows = {
  trades24h: 0,
  volume24h: 0,
  median24h: null,
  trades7d: 0,
  median7d: null,
  sparkline: [],
};
