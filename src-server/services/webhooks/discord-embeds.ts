import { formatCopper } from '../../../src-common/money';
import type { DeliveredListing } from '../../models/webhook-delivery';
import { listingLink } from '../notifications/notify';

/** Discord's colours for the two sides of the market (green sells, blue buys). */
const COLOUR = { sell: 0x2e9d5b, buy: 0x3b7dd8 } as const;
/** How many listings a summary names one by one (a Discord embed's description holds 4,096 characters). */
export const SUMMARY_LISTED_MAX = 15;

/**
 * The parts of every message: the market's name, and no mentions at all, so no listing text can ping a
 * channel (`@everyone`) or a person.
 */
const message = (embeds: object[]) => ({
  username: 'Brighter Shores Market',
  allowed_mentions: { parse: [] },
  embeds,
});

const side = (type: string) => (type === 'buy' ? 'Buying' : 'Selling');
const colour = (type: string) => (type === 'buy' ? COLOUR.buy : COLOUR.sell);

/**
 * One new listing: item, type, quantity, price each and total, seller, linking to its page. The listing
 * is the one that matched, as it was then.
 */
export function listingMessage(listing: DeliveredListing, searchName: string, publicUrl: string): object {
  return message([listingEmbed(listing, searchName, publicUrl)]);
}

function listingEmbed(listing: DeliveredListing, searchName: string, publicUrl: string) {
  const field = (name: string, value: string) => ({ name, value, inline: true });
  return {
    title: `${side(listing.type)}: ${listing.item}`,
    url: `${publicUrl}${listingLink(listing.id)}`,
    color: colour(listing.type),
    fields: [
      field('Item', listing.item),
      field('Type', listing.type === 'buy' ? 'Buy' : 'Sell'),
      field('Quantity', listing.quantity.toLocaleString('en-US')),
      field('Price each', formatCopper(listing.price)),
      field('Total', formatCopper(listing.price * listing.quantity)),
      field('Seller', listing.seller),
    ],
    ...(listing.image.startsWith('https://') ? { thumbnail: { url: listing.image } } : {}),
    footer: { text: `Saved search: ${searchName}` },
  };
}

/** The listings held back by the per-webhook limit, summed up in one post, each linked. */
export function summaryMessage(listings: DeliveredListing[], searchName: string, publicUrl: string): object {
  const lines = listings
    .slice(0, SUMMARY_LISTED_MAX)
    .map(
      (l) =>
        `• [${side(l.type)} ${l.item}](${publicUrl}${listingLink(l.id)}): ${l.quantity.toLocaleString('en-US')} at ` +
        `${formatCopper(l.price)} each, by ${l.seller}`,
    );
  const rest = listings.length - lines.length;
  if (rest > 0) lines.push(`…and ${rest.toLocaleString('en-US')} more`);
  return message([
    {
      title: `${listings.length.toLocaleString('en-US')} more new listings`,
      url: `${publicUrl}/alllistings`,
      description: lines.join('\n'),
      footer: { text: `Saved search: ${searchName} · over 30 posts a minute, so summed up` },
    },
  ]);
}

/** What "Send test" posts: a sample listing, marked as a test, linking to the player's saved searches. */
export function testMessage(searchName: string, publicUrl: string): object {
  const sample = {
    id: 0,
    item: 'Sample item',
    type: 'sell',
    quantity: 3,
    price: 1_500,
    seller: 'Sample seller',
    image: '',
  };
  return message([
    {
      ...listingEmbed(sample, searchName, publicUrl),
      title: 'Test post: new listings this search finds will look like this',
      url: `${publicUrl}/myprofile?tab=searches`,
    },
  ]);
}
