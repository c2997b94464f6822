import { formatCopper } from './money';
import type { MarketBook } from './schemas/market';

const price = (copper: number | null) => (copper === null ? 'none' : formatCopper(copper));

/**
 * What an item page says of itself in its title and description: the server renders it into the head
 * for link previews, and the page sets the same once loaded, so the two never disagree. The title is
 * without the site name, which each side appends.
 */
export function itemPreviewText(book: MarketBook): { title: string; description: string } {
  const last = book.lastTrade ? `${formatCopper(book.lastTrade.unitPrice)} each` : 'none yet';
  const trades = `${book.trades24h} trade${book.trades24h === 1 ? '' : 's'}`;
  return {
    title: `${book.item}: price, order book and history`,
    description:
      `${book.item} on the Brighter Shores market. Best ask ${price(book.bestAsk)}, ` +
      `best bid ${price(book.bestBid)}, last trade ${last}; ${trades} in 24 h.`,
  };
}
