import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { listingActions, selectListing, useListings } from '../../../lib/listings/listings-store';
import { OfferForm } from './offer-form';
import './offers.css';

interface OfferDialogProps {
  listingId: number;
  /** The item's 7-day median price each, compared with the offer (null without trades, undefined unknown). */
  median7d?: number | null;
  onClose(): void;
}

/**
 * The offer form in a dialog, for any listing by id (loaded when the store does not hold it): opened from
 * a list, it starts at the listing's price, so Offer then Send makes the offer. A sent offer closes it; the
 * sending says so in a toast.
 */
export function OfferDialog({ listingId, median7d, onClose }: OfferDialogProps) {
  const navigate = useNavigate();
  const listing = useListings(selectListing(listingId));
  const [failed, setFailed] = useState(false);
  const quantityRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (listing) return;
    listingActions.fetchOne(listingId).catch(() => setFailed(true));
  }, [listing, listingId]);

  const title = listing ? `Offer on ${listing.item}` : 'Make an offer';
  let body;
  if (listing?.status === 'active') {
    body = (
      <>
        <p className="muted offer-dialog-lead">
          {listing.type === 'buy'
            ? `${listing.seller} is buying: you offer to sell to them.`
            : `From ${listing.seller}.`}
        </p>
        <OfferForm
          listing={listing}
          onDone={onClose}
          goHome={() => navigate('/')}
          median7d={median7d}
          quantityRef={quantityRef}
          submitLabel="Send offer"
        />
      </>
    );
  } else if (listing)
    body = <p className="empty-state">This listing is closed and no longer takes offers.</p>;
  else if (failed) body = <p className="error-text">Failed to load the listing</p>;
  else body = <p className="muted">Loading listing...</p>;
  return (
    <Modal title={title} onClose={onClose} initialFocus={quantityRef} className="offer-dialog">
      {body}
    </Modal>
  );
}
