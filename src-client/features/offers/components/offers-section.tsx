import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Listing } from '../../../../src-common/schemas/listing';
import type { Offer } from '../../../../src-common/schemas/offer';
import { selectUser, useSession } from '../../../lib/session';
import { LoginPromptButton } from '../../../components/login-prompt-button';
import { useLiveLoader } from '../../../lib/live-sync';
import { hasOfferIntent } from '../../../lib/offer-intent';
import { offerActions, offersOfListing, selectOffersById, useOffers } from '../offers-store';
import { OfferForm } from './offer-form';
import { OfferItem } from './offer-item';
import './offers.css';

/**
 * The detail page's offers: the list, live, with the actions each viewer may take. `reference` (the item's
 * market prices) is shown beside the offer amount; `tradeStatus` (from the trades feature) under an accepted one.
 */
export function OffersSection({
  listing,
  reference,
  median7d,
  tradeStatus,
}: {
  listing: Listing;
  reference?: ReactNode;
  /** The item's 7-day median price each, which the offer form compares the offer with. */
  median7d?: number | null;
  tradeStatus(offer: Offer): ReactNode;
}) {
  const navigate = useNavigate();
  const user = useSession(selectUser);
  const byId = useOffers(selectOffersById);
  const offers = useMemo(() => offersOfListing(byId, listing.id), [byId, listing.id]);
  // Opened with "Make an offer" from a card or a row: the form is open from the start, its first field focused.
  const intent = hasOfferIntent(useLocation().search);
  const [formOpen, setFormOpen] = useState(intent);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!intent) return;
    // After this render's effects, among them the shell's move to the new page's heading.
    queueMicrotask(() => section.current?.querySelector<HTMLElement>('form input, form select')?.focus());
  }, [intent]);
  const [loadFailed, setLoadFailed] = useState(false);
  const goHome = useCallback(() => navigate('/'), [navigate]);
  const load = useCallback(() => {
    offerActions.load(listing.id).then(
      () => setLoadFailed(false),
      () => setLoadFailed(true),
    );
  }, [listing.id]);
  useLiveLoader(load);

  const isOwner = user !== null && user.id === listing.userId;
  return (
    <section ref={section} className="offers-section stack" aria-labelledby="offers-heading">
      <div className="row offers-header">
        <h2 id="offers-heading">Offers ({offers.length})</h2>
        {user && !isOwner && listing.status === 'active' && (
          <button
            type="button"
            className="btn primary"
            aria-expanded={formOpen}
            onClick={() => setFormOpen((o) => !o)}
          >
            Make an Offer
          </button>
        )}
        {!user && listing.status === 'active' && (
          <div className="row offers-login">
            <span className="muted">Log in to make an offer.</span>
            <LoginPromptButton />
          </div>
        )}
      </div>
      {listing.type === 'buy' && listing.status === 'active' && (
        <p className="muted offers-direction">
          {isOwner
            ? 'You are buying: each offer is a player offering to sell to you.'
            : `${listing.seller} is buying: an offer here is the price you would sell for.`}
        </p>
      )}
      {formOpen && listing.status === 'active' && (
        <OfferForm
          listing={listing}
          onDone={() => setFormOpen(false)}
          goHome={goHome}
          reference={reference}
          median7d={median7d}
        />
      )}
      {loadFailed && <p className="error-text">Failed to load offers</p>}
      {offers.length === 0 ? (
        <p className="empty-state">No offers yet.</p>
      ) : (
        <ul className="offer-list">
          {offers.map((offer) => (
            <OfferItem
              key={offer.id}
              offer={offer}
              isListingOwner={isOwner}
              isOfferer={user !== null && user.id === offer.user_id}
              goHome={goHome}
              tradeStatus={tradeStatus}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
