import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { MyOffer, MyOfferStatus } from '../../../../src-common/schemas/my-offers';
import type { Offer } from '../../../../src-common/schemas/offer';
import { LoadState, SkeletonLines, type LoadStatus } from '../../../components/load-state/load-state';
import { PriceTiers } from '../../../components/money/price-tiers';
import { useResync } from '../../../lib/live-sync';
import { selectUser, useSession } from '../../../lib/session';
import { shortDate } from '../../../lib/short-date';
import { onServerEvent } from '../../../lib/socket';
import { cancelOffer } from '../offer-actions';
import { fetchMyOffers, MY_OFFERS_PAGE_SIZE } from '../my-offers-api';
import './offers.css';

const STATUS_LABELS: Record<MyOfferStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** On a sell listing the player offered to buy; on a buy listing, to sell. */
const side = (offer: MyOffer) => (offer.listing_type === 'sell' ? 'To buy' : 'To sell');

/**
 * My Profile's "My offers": every offer the player made, newest first, pending, accepted, rejected or
 * cancelled, with a link to its listing; a pending one can be cancelled here. The pages shown so far are
 * read again when one of the player's offers is made, answered or withdrawn, wherever that happened
 * (another tab, a bot), and after a reconnect.
 */
export function MyOffersTab() {
  const navigate = useNavigate();
  const me = useSession(selectUser)?.id;
  const [offers, setOffers] = useState<MyOffer[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [moreBusy, setMoreBusy] = useState(false);

  const reload = useCallback((count = MY_OFFERS_PAGE_SIZE) => {
    fetchMyOffers(0, Math.max(count, MY_OFFERS_PAGE_SIZE)).then(
      (page) => {
        setOffers(page.offers);
        setTotal(page.total);
        setStatus('ready');
      },
      () => setStatus((current) => (current === 'ready' ? current : 'error')),
    );
  }, []);
  const shown = offers.length;
  const refresh = useCallback(() => reload(shown), [reload, shown]);
  useEffect(() => reload(), [reload]);
  useResync(refresh);
  // The player's own offers' events reach their own room whichever listing they are on; an answer's
  // `offer:updated` comes before its notification. Other players' offers change nothing here.
  useEffect(() => {
    const ifMine = ({ offer }: { offer: Offer }) => {
      if (offer.user_id === me) refresh();
    };
    const shownIds = new Set(offers.map((o) => o.id));
    const stops = [
      onServerEvent('offer:created', ifMine),
      onServerEvent('offer:updated', ifMine),
      onServerEvent('offer:deleted', ({ id }) => {
        if (shownIds.has(id)) refresh();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [me, offers, refresh]);

  const more = () => {
    setMoreBusy(true);
    fetchMyOffers(shown)
      .then((page) => {
        setOffers((held) => [...held, ...page.offers.filter((o) => !held.some((h) => h.id === o.id))]);
        setTotal(page.total);
      })
      .finally(() => setMoreBusy(false));
  };

  const cancel = async (offer: MyOffer) => {
    if (await cancelOffer({ ...offer }, () => navigate('/'))) refresh();
  };

  return (
    <section className="stack my-offers" aria-labelledby="my-offers-title">
      <h2 id="my-offers-title" className="visually-hidden">
        My offers
      </h2>
      <LoadState
        status={status}
        loadingLabel="Loading your offers"
        placeholder={<SkeletonLines count={3} />}
        error="Failed to load your offers"
        onRetry={() => reload()}
      >
        {offers.length === 0 ? (
          <p className="empty-state">
            No offers yet. Offers you make on other players&apos; listings show here, whatever becomes of
            them. <Link to="/alllistings">Browse listings</Link>
          </p>
        ) : (
          <>
            <p className="muted my-offers-count">
              {total.toLocaleString('en-US')} {total === 1 ? 'offer' : 'offers'}, newest first
            </p>
            <ul className="my-offers-list">
              {offers.map((offer) => (
                <MyOfferRow key={offer.id} offer={offer} onCancel={() => void cancel(offer)} />
              ))}
            </ul>
            {shown < total && (
              <button type="button" className="btn" disabled={moreBusy} onClick={more}>
                {moreBusy ? 'Loading...' : 'Show more'}
              </button>
            )}
          </>
        )}
      </LoadState>
    </section>
  );
}

function MyOfferRow({ offer, onCancel }: { offer: MyOffer; onCancel(): void }) {
  return (
    <li className={`card my-offer is-${offer.status}`}>
      <div className="my-offer-head">
        <Link to={`/listing/${offer.listing_id}`} className="my-offer-item">
          {offer.item}
        </Link>
        <span className={`badge offer-status is-${offer.status}`}>{STATUS_LABELS[offer.status]}</span>
      </div>
      <p className="my-offer-figures">
        <span className="muted">{side(offer)}:</span> {offer.quantity.toLocaleString('en-US')} for{' '}
        <PriceTiers copper={offer.offer_amount} />
      </p>
      {offer.rejection_reason && <p className="offer-reason">{offer.rejection_reason}</p>}
      <div className="my-offer-foot">
        <p className="muted offer-time">
          Made <time dateTime={offer.created_at}>{shortDate(offer.created_at)}</time>
          {offer.status !== 'pending' && (
            <>
              {' '}
              &middot; {STATUS_LABELS[offer.status]}{' '}
              <time dateTime={offer.updatedAt}>{shortDate(offer.updatedAt)}</time>
            </>
          )}
        </p>
        {offer.status === 'pending' && (
          <button type="button" className="btn small" onClick={onCancel}>
            Cancel offer<span className="visually-hidden"> on {offer.item}</span>
          </button>
        )}
      </div>
    </li>
  );
}
