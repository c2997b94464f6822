import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadState, SkeletonLines, type LoadStatus } from '../../../components/load-state/load-state';
import { RawNameHint } from '../../../components/badges/raw-name-hint';
import { UserName } from '../../../components/badges/user-name';
import { PriceTiers } from '../../../components/money/price-tiers';
import { errorMessage } from '../../../lib/api-client';
import { useLiveLoader } from '../../../lib/live-sync';
import { confirmDeleteListing } from '../delete-listing';
import { listingActions, selectListingsById, useListings } from '../../../lib/listings/listings-store';
import './admin-listings.css';

/** The admin panel's "All Listings": every active listing by item name, live, each deletable. */
export function AdminListings() {
  const byId = useListings(selectListingsById);
  const [status, setStatus] = useState<{ status: LoadStatus; error: string }>({
    status: 'loading',
    error: '',
  });
  const load = useCallback(() => {
    setStatus((s) => (s.status === 'error' ? { status: 'loading', error: '' } : s));
    listingActions.fetchAll().then(
      () => setStatus({ status: 'ready', error: '' }),
      (err: unknown) => setStatus({ status: 'error', error: errorMessage(err, 'Failed to load listings') }),
    );
  }, []);
  useLiveLoader(load);
  const listings = useMemo(
    () =>
      Object.values(byId)
        .filter((l) => l.status === 'active')
        .sort((a, b) => a.item.localeCompare(b.item) || a.id - b.id),
    [byId],
  );

  return (
    <section className="card stack admin-listings" aria-labelledby="admin-listings-title">
      <h2 id="admin-listings-title">All Listings{status.status === 'ready' && ` (${listings.length})`}</h2>
      <LoadState
        status={status.status}
        loadingLabel="Loading listings"
        placeholder={<SkeletonLines />}
        error={status.error}
        onRetry={load}
      >
        {listings.length === 0 ? (
          <p className="empty-state">No listings found.</p>
        ) : (
          <table className="admin-listings-table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Quantity</th>
                <th scope="col">Price each</th>
                <th scope="col">Type</th>
                <th scope="col">Seller</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listings.map((l) => (
                <tr key={l.id}>
                  <th scope="row" data-label="Item">
                    <Link to={`/listing/${l.id}`}>{l.item}</Link>
                  </th>
                  <td data-label="Quantity">{l.quantity.toLocaleString('en-US')}</td>
                  <td data-label="Price each">
                    <PriceTiers copper={l.price} />
                  </td>
                  <td data-label="Type">{l.type === 'buy' ? 'Buy' : 'Sell'}</td>
                  <td data-label="Seller">
                    <UserName name={l.seller} userId={l.userId} flags={l.user_flags} />
                    <RawNameHint name={l.seller} />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn small danger"
                      aria-label={`Delete ${l.item} listing #${l.id}`}
                      onClick={() => confirmDeleteListing(l, true)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadState>
    </section>
  );
}
