import type { Context } from 'koa';
import { formatCopper } from '../../src-common/money';
import type { MarketBook } from '../../src-common/schemas/market';
import type { Catalogue } from '../catalogue/catalogue';
import type { HeadRenderer } from '../middlewares/spa';
import type { MarketData } from '../read-models/market';
import { previewTags, SITE } from './head-tags';

const ITEM_PATH = /^\/item\/([^/]+)\/?$/;

const price = (copper: number | null) => (copper === null ? 'none' : formatCopper(copper));

/** What a shared item page says: its best prices and last trade as they are now. */
export function itemPreviewText(book: MarketBook): { title: string; description: string } {
  const last = book.lastTrade ? `${formatCopper(book.lastTrade.unitPrice)} each` : 'none yet';
  const trades = `${book.trades24h} trade${book.trades24h === 1 ? '' : 's'}`;
  return {
    title: `${book.item}: price, order book and history | ${SITE}`,
    description:
      `${book.item} on the Brighter Shores market. Best ask ${price(book.bestAsk)}, ` +
      `best bid ${price(book.bestBid)}, last trade ${last}; ${trades} in 24 h.`,
  };
}

function itemName(path: string): string | null {
  const match = ITEM_PATH.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** Link previews for /item/{name} (see listing-head.ts): an unknown name keeps the static head. */
export function itemHead(publicUrl: string, catalogue: Catalogue, market: MarketData): HeadRenderer {
  return async (ctx: Context) => {
    const name = itemName(ctx.path);
    const book = name === null ? null : market.item(name);
    if (!book) return null;
    return previewTags({
      ...itemPreviewText(book),
      url: `${publicUrl}/item/${encodeURIComponent(book.item)}`,
      image: catalogue.byName.get(book.item)?.Image ?? '',
    });
  };
}

/** The head of the first renderer that knows the page. */
export const firstHead =
  (...renderers: HeadRenderer[]): HeadRenderer =>
  async (ctx) => {
    for (const render of renderers) {
      const head = await render(ctx);
      if (head) return head;
    }
    return null;
  };
