import { Link, useParams } from 'react-router-dom';
import { formatCopper } from '../../../src-common/money';
import type { Listing } from '../../../src-common/schemas/listing';
import { LoadState, SkeletonCards } from '../../components/load-state/load-state';
import { ClosedBanner } from '../../features/listings/components/closed-banner';
import { ListingCard } from '../../features/listings/components/listing-card';
import { ListingNotFound } from '../../features/listings/components/listing-not-found';
import { useBackToBrowse } from '../../features/listings/browse-return';
import { useJustSaved } from '../../features/listings/just-saved';
import { useListingDetail } from '../../features/listings/use-listing-detail';
import { shownTotal } from '../../features/listings/listing-stock';
import { MarketSummary } from '../../features/market/components/market-summary';
import { useMedian7d } from '../../features/market/use-median';
import { OffersSection } from '../../features/offers/components/offers-section';
import { OfferTradeStatus } from '../../features/trades/components/offer-trade-status';
import { TrustLine } from '../../features/reputation/trust-line';
import { usePageTitle } from '../page-meta';

function shareText(listing: Listing | undefined) {
  if (!listing) return { title: null, description: undefined };
  const verb = listing.type === 'buy' ? 'Buying' : 'Selling';
  const each = formatCopper(listing.price);
  const total = shownTotal(listing);
  const quantity = total.left ?? listing.quantity;
  return {
    title: `${verb} ${listing.item} x${quantity} for ${each} each`,
    description: `${verb} ${quantity} x ${listing.item} for ${each} each (${formatCopper(total.copper)} total) by ${listing.seller}.`,
  };
}

export function Component() {
  const id = Number(useParams().id);
  const { listing, status, deleted, message, reload } = useListingDetail(id);
  const meta = shareText(listing);
  usePageTitle(meta.title, meta.description);
  const backToBrowse = useBackToBrowse();
  const justSaved = useJustSaved();
  const median7d = useMedian7d(listing?.item ?? null);

  if (status === 'loading' || status === 'error') {
    return (
      <LoadState
        status={status}
        loadingLabel="Loading listing"
        placeholder={<SkeletonCards count={1} />}
        error={message}
        onRetry={reload}
      />
    );
  }
  if (!listing) return <ListingNotFound deleted={deleted} />;
  return (
    <div className="stack listing-detail">
      <div className="row">
        <a
          className="btn ghost small"
          href="/alllistings"
          onClick={(event) => {
            event.preventDefault();
            backToBrowse.back();
          }}
        >
          &larr; Back to All Listings
        </a>
        {backToBrowse.filtered && (
          <Link className="btn ghost small" to="/alllistings">
            All listings (no filters)
          </Link>
        )}
      </div>
      {listing.status === 'closed' && <ClosedBanner listing={listing} />}
      <ListingCard listing={listing} standalone headingLevel={1} justSaved={justSaved} />
      <MarketSummary item={listing.item} />
      <TrustLine userId={listing.userId} owner={listing.type === 'buy' ? 'Buyer' : 'Seller'} />
      <OffersSection
        listing={listing}
        reference={<MarketSummary item={listing.item} link={false} />}
        median7d={median7d}
        tradeStatus={(offer) => <OfferTradeStatus tradeId={offer.id} listingId={offer.listing_id} />}
      />
    </div>
  );
}
