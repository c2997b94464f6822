import type { NotificationKind } from '../../../src-common/events';
import { formatCopper } from '../../../src-common/money';
import type { Offer } from '../../../src-common/schemas/offer';
import type { Publisher } from '../../realtime/publish';

const MESSAGES: Record<NotificationKind, (offer: Offer, item: string) => string> = {
  offer_received: (offer, item) =>
    `${offer.username} offered ${formatCopper(offer.offer_amount)} for ${offer.quantity > 1 ? `${offer.quantity} of ` : ''}your ${item}`,
  offer_accepted: (_offer, item) => `Your offer on ${item} was accepted`,
  offer_rejected: (offer, item) =>
    `Your offer on ${item} was rejected${offer.rejection_reason ? `: ${offer.rejection_reason}` : ''}`,
  offer_cancelled: (offer, item) => `${offer.username} cancelled their offer on your ${item}`,
};

/** The personal notification that goes with an offer change, to the one user it concerns. */
export function notifyOffer(
  publisher: Publisher,
  kind: NotificationKind,
  recipientId: number,
  offer: Offer,
  item: string,
): void {
  publisher.notify(recipientId, {
    kind,
    listingId: offer.listing_id,
    offerId: offer.id,
    message: MESSAGES[kind](offer, item),
    at: new Date().toISOString(),
  });
}
