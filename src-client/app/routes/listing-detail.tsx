import { Link, useParams } from 'react-router-dom';
import { formatCopper } from '../../../src-common/money';
import type { Listing } from '../../../src-common/schemas/listing';
import { ClosedBanner } from '../../features/listings/components/closed-banner';
import { ListingCard } from '../../features/listings/components/listing-card';
import { ListingNotFound } from '../../features/listings/components/listing-not-found';
import { useListingDetail } from '../../features/listings/use-listing-detail';
import { MarketSummary } from '../../features/market/components/market-summary';
import { OffersSection } from '../../features/offers/components/offers-section';
import { TrustLine } from '../../features/reputation/trust-line';
import { usePageTitle } from '../page-meta';

function shareText(listing: Listing | undefined) {
  if (!listing) return { title: null, description: undefined };
  const verb = listing.type === 'buy' ? 'Buying' : 'Selling';
  const each = formatCopper(listing.price);
  return {
    title: `${verb} ${listing.item} x${listing.quantity} for ${each} each`,
    description: `${verb} ${listing.quantity} x ${listing.item} for ${each} each (${formatCopper(listing.totalPrice)} total) by ${listing.seller}.`,
  };
}

export function Component() {
  const id = Number(useParams().id);
  const { listing, status, deleted, message } = useListingDetail(id);
  const meta = shareText(listing);
  usePageTitle(meta.title, meta.description);

  if (status === 'loading') {
    return (
      <p className="muted" role="status">
        Loading listing...
      </p>
    );
  }
  if (!listing) return <ListingNotFound deleted={deleted} message={message} />;
  return (
    <div className="stack listing-detail">
      <div>
        <Link className="btn ghost small" to="/alllistings">
          &larr; Back to All Listings
        </Link>
      </div>
      {listing.status === 'closed' && <ClosedBanner listing={listing} />}
      <ListingCard listing={listing} standalone headingLevel={1} />
      <MarketSummary item={listing.item} />
      <TrustLine userId={listing.userId} owner={listing.type === 'buy' ? 'Buyer' : 'Seller'} />
      <OffersSection listing={listing} reference={<MarketSummary item={listing.item} link={false} />} />
    </div>
  );
}
