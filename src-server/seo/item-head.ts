import type { Context } from 'koa';
import { itemPreviewText } from '../../src-common/market-preview';
import type { Catalogue } from '../catalogue/catalogue';
import type { HeadRenderer } from '../middlewares/spa';
import type { MarketData } from '../read-models/market';
import { previewTags, SITE } from './head-tags';

const ITEM_PATH = /^\/item\/([^/]+)\/?$/;

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
    const { title, description } = itemPreviewText(book);
    return previewTags({
      title: `${title} | ${SITE}`,
      description,
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
