import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { itemPreviewText } from '../../../src-common/market-preview';
import type { HistoryRange } from '../../../src-common/schemas/market';
import { ListingCard } from '../../features/listings/components/listing-card';
import { HistoryChart } from '../../features/market/components/history-chart';
import { ItemHeader } from '../../features/market/components/item-header';
import { MarketFigures } from '../../features/market/components/market-figures';
import { OrderBook } from '../../features/market/components/order-book';
import { marketActions, selectItemMarket, useMarket } from '../../features/market/market-store';
import { useMarketItem } from '../../features/market/market-sync';
import { useItemListings } from '../../features/market/use-item-listings';
import { browseHref } from '../../lib/listings/browse-filters';
import { useLiveLoader } from '../../lib/live-sync';
import { usePageTitle } from '../page-meta';
import '../../features/market/components/market.css';

function PostButton({ item }: { item: string }) {
  return (
    <Link className="btn primary" to={`/post?item=${encodeURIComponent(item)}`}>
      Post a listing for this item
    </Link>
  );
}

/** /item/{name}: an item's live book, price history and listings. */
export function Component() {
  const item = useParams().name ?? '';
  useMarketItem(item);
  const market = useMarket(selectItemMarket(item));
  const [range, setRange] = useState<HistoryRange>('48h');
  const loadHistory = useCallback(() => void marketActions.loadHistory(item, range), [item, range]);
  useLiveLoader(loadHistory);
  const { listings, status: listingsStatus } = useItemListings(item);
  const meta = market.book ? itemPreviewText(market.book) : null;
  usePageTitle(meta?.title, meta?.description);

  if (market.status === 'missing') {
    return (
      <div className="stack">
        <h1 className="page-title">Item not found</h1>
        <p className="empty-state">The catalogue has no item called “{item}”.</p>
        <div>
          <Link className="btn" to="/market">
            Go to the market overview
          </Link>
        </div>
      </div>
    );
  }
  const book = market.book;
  const history = market.history[range];
  const empty = book !== null && book.asks.length + book.bids.length === 0 && book.lastTrade === null;
  return (
    <div className="stack market-item-page">
      <ItemHeader name={item} />
      {market.status === 'error' && <p className="error-text">Failed to load the market for this item</p>}
      {!book && market.status === 'loading' && (
        <p className="muted" role="status">
          Loading market...
        </p>
      )}
      {book && (
        <section className="card market-section" aria-label="Prices">
          <div className="row market-section-head">
            <MarketFigures book={book} />
            <PostButton item={item} />
          </div>
          {empty && (
            <p className="empty-state" data-testid="market-empty">
              Nobody is buying or selling {item} yet, and it has never traded here.
            </p>
          )}
        </section>
      )}
      {book && !empty && <OrderBook book={book} />}
      {book && !empty && (
        <HistoryChart
          range={range}
          onRange={setRange}
          buckets={history?.buckets ?? []}
          status={history?.status ?? 'loading'}
        />
      )}
      <section className="stack" aria-labelledby="item-listings-heading">
        <div className="row item-listings-head">
          <h2 id="item-listings-heading">Listings ({listings.length})</h2>
          <Link className="btn small" to={browseHref({ item })}>
            All listings of this item
          </Link>
        </div>
        {listingsStatus === 'error' && <p className="error-text">Failed to load listings</p>}
        {listingsStatus === 'ready' && listings.length === 0 && (
          <p className="empty-state">No live listings for this item.</p>
        )}
        {listings.length > 0 && (
          <div className="grid listing-grid">
            {listings.map((listing) => (
              <ListingCard key={listing.id} listing={listing} headingLevel={3} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
