import { Link } from 'react-router-dom';
import type { Listing } from '../../../../src-common/schemas/listing';
import { UserName } from '../../../components/badges/user-name';
import { PriceTiers } from '../../../components/money/price-tiers';
import { PresenceMark } from '../../../components/presence/presence-mark';
import { browseHref } from '../../../lib/listings/browse-filters';
import { usePresence } from '../../../lib/presence/presence-store';
import { selectUser, useSession } from '../../../lib/session';
import { deskSides } from '../desk-figures';

interface DeskProps {
  item: string;
  listings: readonly Listing[];
  status: 'loading' | 'ready' | 'error';
  /** Opens an offer on another player's listing. */
  onOffer(listing: Listing): void;
}

function DeskSide({
  caption,
  trader,
  listings,
  empty,
  onOffer,
}: {
  caption: string;
  trader: string;
  listings: readonly Listing[];
  empty: string;
  onOffer(listing: Listing): void;
}) {
  const user = useSession(selectUser);
  return (
    <div className="desk-side">
      <table className="market-book-table desk-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{trader}</th>
            <th scope="col" className="desk-number">
              Quantity
            </th>
            <th scope="col" className="desk-number">
              Price each
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {listings.map((listing) => (
            <tr key={listing.id} data-listing-id={listing.id}>
              <td>
                <span className="desk-trader">
                  <UserName name={listing.seller} userId={listing.userId} flags={listing.user_flags} />
                  <PresenceMark userId={listing.userId} />
                </span>
              </td>
              <td className="desk-number">{listing.remainingQuantity.toLocaleString('en-US')}</td>
              <td className="desk-number">
                <Link to={`/listing/${listing.id}`} className="desk-price">
                  <PriceTiers copper={listing.price} />
                  <span className="visually-hidden"> each, view the listing</span>
                </Link>
              </td>
              <td className="desk-action">
                {user?.id === listing.userId ? (
                  <span className="muted">Yours</span>
                ) : (
                  <button type="button" className="btn small primary" onClick={() => onOffer(listing)}>
                    Offer<span className="visually-hidden"> to {listing.seller}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {listings.length === 0 && <p className="muted market-book-empty">{empty}</p>}
    </div>
  );
}

/**
 * The item's live listings one by one, as a trading desk: sellers and buyers, online traders first and
 * then by price, each with an Offer button (or "Yours").
 */
export function TradingDesk({ item, listings, status, onOffer }: DeskProps) {
  const presence = usePresence((s) => s.byId);
  const { sellers, buyers } = deskSides(listings, (userId) => presence[userId]?.online === true);
  return (
    <section className="card market-section stack" aria-labelledby="desk-heading">
      <div className="row market-section-head">
        <h2 id="desk-heading">Listings ({listings.length})</h2>
        <Link className="btn small" to={browseHref({ item })}>
          All listings of this item
        </Link>
      </div>
      {status === 'error' && <p className="error-text">Failed to load listings</p>}
      {status === 'loading' && listings.length === 0 ? (
        <p className="muted">Loading listings...</p>
      ) : (
        <div className="desk">
          <DeskSide
            caption="Sellers"
            trader="Seller"
            listings={sellers}
            empty={`Nobody is selling ${item} right now.`}
            onOffer={onOffer}
          />
          <DeskSide
            caption="Buyers"
            trader="Buyer"
            listings={buyers}
            empty={`Nobody is buying ${item} right now.`}
            onOffer={onOffer}
          />
        </div>
      )}
    </section>
  );
}
