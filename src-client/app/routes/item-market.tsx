import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { itemPreviewText } from '../../../src-common/market-preview';
import type { HistoryRange } from '../../../src-common/schemas/market';
import type { Listing } from '../../../src-common/schemas/listing';
import { HistoryChart } from '../../features/market/components/history-chart';
import { ItemHeader } from '../../features/market/components/item-header';
import { MarketFigures } from '../../features/market/components/market-figures';
import { OrderBook } from '../../features/market/components/order-book';
import { SaleHistory } from '../../features/market/components/sale-history';
import { TradingDesk } from '../../features/market/components/trading-desk';
import { marketActions, selectItemMarket, useMarket } from '../../features/market/market-store';
import { useMarketItem } from '../../features/market/market-sync';
import { useItemListings } from '../../features/market/use-item-listings';
import { useMedian7d } from '../../features/market/use-median';
import { OfferDialog } from '../../features/offers/components/offer-dialog';
import { useLiveLoader } from '../../lib/live-sync';
import { loginPrompt } from '../../lib/login-prompt';
import { selectUser, useSession } from '../../lib/session';
import { usePageTitle } from '../page-meta';
import '../../features/market/components/market.css';

function PostButton({ item }: { item: string }) {
  return (
    <Link className="btn primary" to={`/post?item=${encodeURIComponent(item)}`}>
      Post a listing for this item
    </Link>
  );
}

/**
 * /item/{name}: the item's trading desk: its prices, who sells and buys it (an Offer on each row opens the
 * offer dialog at that listing's price), its sale history and chart, and the order book.
 */
export function Component() {
  const item = useParams().name ?? '';
  useMarketItem(item);
  const market = useMarket(selectItemMarket(item));
  const [range, setRange] = useState<HistoryRange>('48h');
  const loadHistory = useCallback(() => void marketActions.loadHistory(item, range), [item, range]);
  useLiveLoader(loadHistory);
  const { listings, status: listingsStatus } = useItemListings(item);
  const median7d = useMedian7d(item);
  const user = useSession(selectUser);
  const [offering, setOffering] = useState<number | null>(null);
  const offer = (listing: Listing) => (user ? setOffering(listing.id) : loginPrompt.show());
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
      <TradingDesk item={item} listings={listings} status={listingsStatus} onOffer={offer} />
      {book && !empty && (
        <HistoryChart
          range={range}
          onRange={setRange}
          buckets={history?.buckets ?? []}
          status={history?.status ?? 'loading'}
        />
      )}
      <SaleHistory item={item} />
      {book && !empty && <OrderBook book={book} />}
      {offering !== null && (
        <OfferDialog listingId={offering} median7d={median7d} onClose={() => setOffering(null)} />
      )}
    </div>
  );
}
