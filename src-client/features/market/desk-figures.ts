import type { Listing } from '../../../src-common/schemas/listing';
import type { LastTrade } from '../../../src-common/schemas/market';

/**
 * What the item page's trading desk and sale history compute from the answers. Pure, so tested on their
 * own (desk-figures.test.ts).
 */

const DAY_MS = 86_400_000;

/**
 * The item's live listings as the desk lists them: sellers (sell listings) cheapest first and buyers (buy
 * listings) highest first, the traders who are online before the others on each side; equal prices keep
 * the older listing first.
 */
export function deskSides(
  listings: readonly Listing[],
  isOnline: (userId: number) => boolean,
): { sellers: Listing[]; buyers: Listing[] } {
  const order = (cheapestFirst: boolean) => (a: Listing, b: Listing) => {
    const online = Number(isOnline(b.userId)) - Number(isOnline(a.userId));
    if (online !== 0) return online;
    const price = cheapestFirst ? a.price - b.price : b.price - a.price;
    return price || Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.id - b.id;
  };
  const active = listings.filter((l) => l.status === 'active');
  return {
    sellers: active.filter((l) => l.type === 'sell').sort(order(true)),
    buyers: active.filter((l) => l.type === 'buy').sort(order(false)),
  };
}

export interface SalesSummary {
  /** Items traded in the sales, and the price each they went for on average (by item, to the copper). */
  volume: number;
  averageEach: number;
  /** Sales a day from the oldest sale to `now`, counting at least one day. */
  perDay: number;
  /** The oldest sale's time. */
  since: string;
}

/** The average price and sales a day over the sales listed; null without any. */
export function salesSummary(sales: readonly LastTrade[], now: number): SalesSummary | null {
  if (sales.length === 0) return null;
  const volume = sales.reduce((n, s) => n + s.quantity, 0);
  const paid = sales.reduce((n, s) => n + s.unitPrice * s.quantity, 0);
  const oldest = sales.reduce((at, s) => Math.min(at, Date.parse(s.at)), Infinity);
  const days = Math.max(1, (now - oldest) / DAY_MS);
  return {
    volume,
    averageEach: Math.round(paid / volume),
    perDay: sales.length / days,
    since: new Date(oldest).toISOString(),
  };
}

/** "3 sales a day", "0.4 sales a day", "1 sale a day": one decimal below 10. */
export function perDayText(perDay: number): string {
  const rounded = perDay >= 10 ? Math.round(perDay) : Math.round(perDay * 10) / 10;
  return `${rounded.toLocaleString('en-US')} ${rounded === 1 ? 'sale' : 'sales'} a day`;
}
