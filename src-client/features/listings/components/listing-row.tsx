import { memo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Listing } from '../../../../src-common/schemas/listing';
import { UserName } from '../../../components/badges/user-name';
import { ARROW_KEYS_HINT_ID, useOneTabStop } from '../../../components/one-tab-stop';
import { ItemImage } from '../../../components/item-image';
import { PriceTiers } from '../../../components/money/price-tiers';
import { LazyPresenceMark } from '../../../components/presence/lazy-presence-mark';
import { LazyTraderRecord } from '../../../components/reputation/lazy-trader-record';
import { selectListing, useListings } from '../../../lib/listings/listings-store';
import { offerPath } from '../../../lib/offer-intent';
import { selectUser, useSession } from '../../../lib/session';
import { shortAge, timeAgo, useNow } from '../../../lib/time-ago';
import { useListingLinkState } from '../browse-return';
import { confirmCloseListing } from '../close-listing';
import { confirmDeleteListing } from '../delete-listing';
import { quantityText, shownTotal } from '../listing-stock';
import { isListingOwner } from '../ownership';
import './listing-row.css';

function RowActions({ listing, owner }: { listing: Listing; owner: boolean }) {
  const navigate = useNavigate();
  const linkState = useListingLinkState();
  const item = <span className="visually-hidden"> {listing.item}</span>;
  const group = { role: 'group', 'aria-label': `Actions for ${listing.item}` };
  if (owner) {
    return (
      <div className="listing-row-actions" {...group}>
        <button type="button" className="btn small" onClick={() => navigate(`/post?edit=${listing.id}`)}>
          Edit{item}
        </button>
        <button type="button" className="btn small" onClick={() => confirmCloseListing(listing)}>
          Close{item}
        </button>
        <button type="button" className="btn small danger" onClick={() => confirmDeleteListing(listing)}>
          Delete{item}
        </button>
      </div>
    );
  }
  return (
    <div className="listing-row-actions" {...group}>
      <button
        type="button"
        className="btn small primary"
        onClick={() => navigate(offerPath(listing.id), { state: linkState })}
      >
        {listing.type === 'buy' ? 'Offer to sell' : 'Make an offer'}
        {item}
      </button>
      <button
        type="button"
        className="btn small ghost listing-row-view"
        onClick={() => navigate(`/listing/${listing.id}`, { state: linkState })}
      >
        View{item}
      </button>
    </div>
  );
}

/**
 * One listing on one line (two on a phone): the item, its type, what is left, the price each (and the
 * total of what is left), the trader with presence and record, its age and the viewer's actions.
 */
export function ListingRow({ listing, fresh = false }: { listing: Listing; fresh?: boolean }) {
  const user = useSession(selectUser);
  const now = useNow();
  const linkState = useListingLinkState();
  const { ref, onKeyDown } = useOneTabStop<HTMLLIElement>();
  const total = shownTotal(listing);
  const left = listing.remainingQuantity;
  return (
    <li
      ref={ref}
      className={`listing-row${fresh ? ' is-fresh' : ''}`}
      data-listing-id={listing.id}
      onKeyDown={onKeyDown}
    >
      <ItemImage
        src={listing.image}
        name={listing.item}
        episode={listing.episode}
        category={listing.category}
        size={24}
        decorative
      />
      <span className="listing-row-item">
        <Link
          className="listing-row-title"
          to={`/listing/${listing.id}`}
          state={linkState}
          aria-describedby={ARROW_KEYS_HINT_ID}
        >
          {listing.item}
        </Link>
        <span className={`badge listing-type is-${listing.type}`}>
          {listing.type === 'buy' ? 'Buying' : 'Selling'}
        </span>
      </span>
      <span className="listing-row-quantity">
        <span className="visually-hidden">Quantity: </span>
        {quantityText(listing)}
      </span>
      <span className="listing-row-price">
        <PriceTiers copper={listing.price} /> <span className="muted">each</span>
        {left > 1 && (
          <span className="listing-row-total muted">
            <span aria-hidden="true">· </span>
            <span className="visually-hidden">, </span>
            <PriceTiers copper={total.copper} /> {total.left === null ? 'total' : 'for those left'}
          </span>
        )}
      </span>
      <span className="listing-row-trader">
        <span className="visually-hidden">{listing.type === 'buy' ? 'Buyer' : 'Seller'}: </span>
        <UserName name={listing.seller} userId={listing.userId} flags={listing.user_flags} />{' '}
        <LazyPresenceMark userId={listing.userId} />
        <LazyTraderRecord userId={listing.userId} />
      </span>
      <time
        className="listing-row-age muted"
        dateTime={listing.timestamp}
        title={new Date(listing.timestamp).toLocaleString()}
      >
        <span aria-hidden="true">{shortAge(listing.timestamp, now)}</span>
        <span className="visually-hidden">{timeAgo(listing.timestamp, now)}</span>
      </time>
      <RowActions listing={listing} owner={isListingOwner(listing, user)} />
    </li>
  );
}

/** A row bound to the store: re-renders only when this listing changes. */
export const ListingRowById = memo(function ListingRowById({ id, fresh }: { id: number; fresh?: boolean }) {
  const listing = useListings(selectListing(id));
  return listing ? <ListingRow listing={listing} fresh={fresh} /> : null;
});
