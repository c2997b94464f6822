import type { Listing } from '../../../../src-common/schemas/listing';
import { closedHeadline } from '../listing-stock';
import { timeAgo, useNow } from '../../../lib/time-ago';
import './closed-banner.css';

/** The detail page's notice that a listing closed; it appears live when the last items go. */
export function ClosedBanner({ listing }: { listing: Listing }) {
  const now = useNow();
  return (
    <div className="closed-banner" role="status">
      <strong className="closed-banner-title">{closedHeadline(listing)}</strong>
      <span>This listing is closed and no longer takes offers. Its offers are kept below.</span>
      {listing.closedAt && (
        <time className="muted" dateTime={listing.closedAt}>
          Closed {timeAgo(listing.closedAt, now).toLowerCase()}
        </time>
      )}
    </div>
  );
}
