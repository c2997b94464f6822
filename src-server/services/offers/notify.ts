import type { NotificationAgreement, NotificationKind } from '../../../src-common/schemas/notification';
import type { ListingType } from '../../../src-common/schemas/listing';
import { formatCopper } from '../../../src-common/money';
import type { Offer } from '../../../src-common/schemas/offer';
import { sendNotification, type NotifyDeps } from '../notifications/notify';

export type OfferNotificationKind = Extract<
  NotificationKind,
  'offer_received' | 'offer_accepted' | 'offer_rejected' | 'offer_cancelled'
>;

/** What a notification needs of the listing an offer is on. */
export interface OfferListing {
  item: string;
  type: ListingType;
}

const count = (offer: Offer) => (offer.quantity > 1 ? `${offer.quantity} ` : '');

/**
 * On a sell listing the offerer wants to buy the owner's items; on a buy listing the offerer is selling
 * to the owner, so "your Copper Ore" would read wrongly there.
 */
const MESSAGES: Record<OfferNotificationKind, (offer: Offer, listing: OfferListing) => string> = {
  offer_received: (offer, { item, type }) =>
    type === 'buy'
      ? `${offer.username} offered to sell you ${count(offer)}${item} for ${formatCopper(offer.offer_amount)}`
      : `${offer.username} offered ${formatCopper(offer.offer_amount)} for ${offer.quantity > 1 ? `${offer.quantity} of ` : ''}your ${item}`,
  offer_accepted: (_offer, { item }) => `Your offer on ${item} was accepted`,
  offer_rejected: (offer, { item }) =>
    `Your offer on ${item} was rejected${offer.rejection_reason ? `: ${offer.rejection_reason}` : ''}`,
  offer_cancelled: (offer, { item, type }) =>
    type === 'buy'
      ? `${offer.username} cancelled their offer to sell you ${item}`
      : `${offer.username} cancelled their offer on your ${item}`,
};

/**
 * The accept, told to the offer's maker: what was agreed, with whom, their in-game name, and what comes
 * next (the trade is done in the game; each party then confirms it on the site, in My Trades).
 */
export function acceptedMessage({ item, quantity, amount, counterparty }: NotificationAgreement): string {
  const { username, ign } = counterparty;
  const name = ign ? `${username}'s in-game name is ${ign}.` : `${username} has not set an in-game name yet.`;
  return (
    `Your offer on ${item} was accepted: ${quantity.toLocaleString('en-US')} ${item} for ` +
    `${formatCopper(amount)} with ${username}. ${name} ` +
    'Meet in game to trade, then confirm the trade in My Trades.'
  );
}

/**
 * The offer's maker acts in these; in the others its listing's owner answers (or the stock does), and no
 * answer can come between two players of whom one blocked the other: a block rejects their pending offers.
 */
const BY_THE_OFFERER: ReadonlySet<OfferNotificationKind> = new Set(['offer_received', 'offer_cancelled']);

/** The personal notification that goes with an offer change, to the one user it concerns. */
export async function notifyOffer(
  deps: NotifyDeps,
  kind: OfferNotificationKind,
  recipientId: number,
  offer: Offer,
  listing: OfferListing,
  agreement?: NotificationAgreement,
): Promise<void> {
  await sendNotification(deps, recipientId, {
    kind,
    message: agreement ? acceptedMessage(agreement) : MESSAGES[kind](offer, listing),
    listingId: offer.listing_id,
    offerId: offer.id,
    agreement,
    causedBy: BY_THE_OFFERER.has(kind) ? offer.user_id : undefined,
  });
}
