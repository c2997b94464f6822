import type { NotificationKind } from '../../../src-common/events';
import { formatCopper } from '../../../src-common/money';
import type { ListingType } from '../../../src-common/schemas/listing';
import type { Offer } from '../../../src-common/schemas/offer';
import type { Publisher } from '../../realtime/publish';

/** On a buy listing the offerer is selling to the owner, and the owner's messages say so. */
const MESSAGES: Record<NotificationKind, (offer: Offer, item: string, type: ListingType) => string> = {
  offer_received: (offer, item, type) =>
    type === 'buy'
      ? `${offer.username} offered to sell you ${offer.quantity > 1 ? `${offer.quantity} ` : ''}${item} for ${formatCopper(offer.offer_amount)}`
      : `${offer.username} offered ${formatCopper(offer.offer_amount)} for ${offer.quantity > 1 ? `${offer.quantity} of ` : ''}your ${item}`,
  offer_accepted: (_offer, item) => `Your offer on ${item} was accepted`,
  offer_rejected: (offer, item) =>
    `Your offer on ${item} was rejected${offer.rejection_reason ? `: ${offer.rejection_reason}` : ''}`,
  offer_cancelled: (offer, item, type) =>
    type === 'buy'
      ? `${offer.username} cancelled their offer to sell you ${item}`
      : `${offer.username} cancelled their offer on your ${item}`,
};

/** The personal notification that goes with an offer change, to the one user it concerns. */
export function notifyOffer(
  publisher: Publisher,
  kind: NotificationKind,
  recipientId: number,
  offer: Offer,
  item: string,
  /** The listing's type; only the owner's messages (received, cancelled) differ between the two. */
  listingType: ListingType = 'sell',
): void {
  publisher.notify(recipientId, {
    kind,
    listingId: offer.listing_id,
    offerId: offer.id,
    message: MESSAGES[kind](offer, item, listingType),
    at: new Date().toISOString(),
  });
}
