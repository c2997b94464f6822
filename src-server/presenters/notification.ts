import type { Notification } from '../../src-common/schemas/notification';
import type { NotificationDoc } from '../models/notification';

/** A stored notification as REST returns it and the live `notification` event carries it. */
export function presentNotification(doc: NotificationDoc): Notification {
  return {
    id: doc._id,
    kind: doc.kind,
    listingId: doc.listingId ?? null,
    offerId: doc.offerId ?? null,
    searchId: doc.searchId ?? null,
    message: doc.message,
    link: doc.link,
    read: doc.read,
    at: doc.createdAt.toISOString(),
    agreement: doc.agreement
      ? {
          tradeId: doc.agreement.tradeId,
          item: doc.agreement.item,
          quantity: doc.agreement.quantity,
          amount: doc.agreement.amount,
          counterparty: {
            id: doc.agreement.counterparty.id!,
            username: doc.agreement.counterparty.username!,
            ign: doc.agreement.counterparty.ign ?? null,
          },
        }
      : null,
  };
}
