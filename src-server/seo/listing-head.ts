import type { Context } from 'koa';
import { formatCopper } from '../../src-common/money';
import type { Listing } from '../../src-common/schemas/listing';
import { closedLabel } from '../../src-common/trade';
import type { HeadRenderer } from '../middlewares/spa';
import type { ListingIndex } from '../read-models/listing-index';
import { previewTags, SITE } from './head-tags';

const LISTING_PATH = /^\/listing\/(\d{1,15})\/?$/;

/**
 * What a shared link says: an active listing offers what remains of it (accepted offers took the rest); a
 * closed one says it was sold, bought or closed and takes no more offers.
 */
function previewText(listing: Listing): { title: string; description: string } {
  const each = formatCopper(listing.price);
  if (listing.status === 'closed') {
    const goods = `${listing.quantity} x ${listing.item}`;
    return {
      title: `${closedLabel(listing)}: ${goods} for ${each} each | ${SITE}`,
      description: `${listing.seller}'s listing of ${goods} at ${each} each is closed and no longer takes offers.`,
    };
  }
  const verb = listing.type === 'sell' ? 'Selling' : 'Buying';
  const goods = `${listing.remainingQuantity} x ${listing.item}`;
  const total = formatCopper(listing.price * listing.remainingQuantity);
  return {
    title: `${verb} ${goods} for ${each} each | ${SITE}`,
    description: `${listing.seller} is ${verb.toLowerCase()} ${goods} at ${each} each (${total} in total).`,
  };
}

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
    const { title, description } = previewText(listing);
    return previewTags({
      title,
      description,
      url: `${publicUrl}/listing/${listing.id}`,
      image: listing.image,
    });
  };
}
