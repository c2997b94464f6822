import type { ReactNode } from 'react';
import { unitPrice } from '../../../../src-common/money';
import type { Offer } from '../../../../src-common/schemas/offer';
import { UserName } from '../../../components/badges/user-name';
import { PriceTiers } from '../../../components/money/price-tiers';
import { ReportButton } from '../../../components/report/report-button';
import { timeAgo, useNow } from '../../../lib/time-ago';
import { TraderRecord } from '../../../components/reputation/trader-record';
import { cancelOffer, respondToOffer } from '../offer-actions';
import { OfferThread } from './offer-thread';

interface OfferItemProps {
  offer: Offer;
  /** The viewer owns the listing: Accept and Reject on pending offers. */
  isListingOwner: boolean;
  /** The viewer made this offer: Cancel while it is pending. */
  isOfferer: boolean;
  goHome(): void;
  /** The accepted offer's trade status line, from the trades feature. */
  tradeStatus(offer: Offer): ReactNode;
}

const STATUS_LABELS: Record<Offer['status'], string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

export function OfferItem({ offer, isListingOwner, isOfferer, goHome, tradeStatus }: OfferItemProps) {
  const now = useNow();
  const pending = offer.status === 'pending';
  return (
    <li
      className={`offer-item is-${offer.status}`}
      aria-label={`Offer from ${offer.username}: ${STATUS_LABELS[offer.status]}${offer.rejection_reason ? ` (${offer.rejection_reason})` : ''}`}
    >
      <div className="offer-item-head">
        <span className="offer-trader">
          <UserName name={offer.username} userId={offer.user_id} />
          <TraderRecord userId={offer.user_id} />
        </span>
        <span className={`badge offer-status is-${offer.status}`}>{STATUS_LABELS[offer.status]}</span>
      </div>
      <p className="offer-amount">
        <PriceTiers copper={offer.offer_amount} />
        <span className="offer-quantity-line muted">
          for {offer.quantity.toLocaleString('en-US')} &middot;{' '}
          <PriceTiers copper={unitPrice(offer.offer_amount, 'Total', offer.quantity)} /> each
        </span>
      </p>
      {offer.rejection_reason && <p className="offer-reason">{offer.rejection_reason}</p>}
      {offer.message && <p className="offer-message">{offer.message}</p>}
      {offer.status === 'accepted' && (isListingOwner || isOfferer) && tradeStatus(offer)}
      <div className="row offer-foot">
        <p className="muted offer-time">
          <time dateTime={offer.created_at}>{timeAgo(offer.created_at, now)}</time>
        </p>
        {/* The listing's owner may report an offer made to them; the offerer's own offer has no button. */}
        {isListingOwner && (
          <ReportButton
            target={{ type: 'offer', id: offer.id }}
            ownerId={offer.user_id}
            subject={`the offer from ${offer.username}`}
          />
        )}
      </div>
      {pending && (isListingOwner || isOfferer) && (
        <div className="row offer-actions">
          {isListingOwner && (
            <>
              <button
                type="button"
                className="btn small primary"
                onClick={() => respondToOffer(offer, 'accept', goHome)}
              >
                Accept
              </button>
              <button
                type="button"
                className="btn small danger"
                onClick={() => respondToOffer(offer, 'reject', goHome)}
              >
                Reject
              </button>
            </>
          )}
          {isOfferer && (
            <button type="button" className="btn small" onClick={() => cancelOffer(offer, goHome)}>
              Cancel
            </button>
          )}
        </div>
      )}
      {(isListingOwner || isOfferer) && <OfferThread offerId={offer.id} />}
    </li>
  );
}
