import type { Context } from 'koa';
import { formatCopper } from '../../src-common/money';
import type { HeadRenderer } from '../middlewares/spa';
import type { ListingIndex } from '../read-models/listing-index';

const SITE = 'Brighter Shores Market';
const LISTING_PATH = /^\/listing\/(\d{1,15})\/?$/;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const meta = (attr: 'name' | 'property', key: string, value: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;

/**
 * Link previews for /listing/{id}: chat apps and crawlers run no scripts, so the title, description and
 * Open Graph / Twitter tags are written into the served HTML. Other pages keep the static head.
 */
export function listingHead(publicUrl: string, listings: ListingIndex): HeadRenderer {
  return async (ctx: Context) => {
    const match = LISTING_PATH.exec(ctx.path);
    if (!match) return null;
    const listing = listings.get(Number(match[1]));
    if (!listing) return null;
    const verb = listing.type === 'sell' ? 'Selling' : 'Buying';
    const each = formatCopper(listing.price);
    const title = `${verb} ${listing.quantity} x ${listing.item} for ${each} each | ${SITE}`;
    const description =
      `${listing.seller} is ${verb.toLowerCase()} ${listing.quantity} x ${listing.item} at ${each} each ` +
      `(${formatCopper(listing.totalPrice)} in total).`;
    const url = `${publicUrl}/listing/${listing.id}`;
    return [
      `<title>${escapeHtml(title)}</title>`,
      meta('name', 'description', description),
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', SITE),
      meta('property', 'og:title', title),
      meta('property', 'og:description', description),
      meta('property', 'og:url', url),
      ...(listing.image ? [meta('property', 'og:image', listing.image)] : []),
      meta('name', 'twitter:card', listing.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', title),
      meta('name', 'twitter:description', description),
      ...(listing.image ? [meta('name', 'twitter:image', listing.image)] : []),
    ].join('\n');
  };
}
