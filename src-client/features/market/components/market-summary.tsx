import { Link } from 'react-router-dom';
import { formatCopper } from '../../../../src-common/money';
import { priceInWords } from '../../../components/money/price-tiers';
import { itemPath } from '../../../lib/item-path';
import { selectItemMarket, useMarket } from '../market-store';
import { useMarketItem } from '../market-sync';

const figure = (label: string, copper: number | null | undefined) => (
  <span className="market-summary-figure">
    {label}{' '}
    {copper == null ? (
      <span className="muted">none</span>
    ) : (
      <strong>
        <span className="visually-hidden">{priceInWords(copper)}</span>
        <span aria-hidden="true">{formatCopper(copper)}</span>
      </strong>
    )}
  </span>
);

/**
 * "Market: best ask · best bid · last trade" for an item, live, linking to its item page: on the listing
 * detail page and beside the offer amount, so a price can be judged.
 */
export function MarketSummary({ item, link = true }: { item: string; link?: boolean }) {
  useMarketItem(item);
  const { book, status } = useMarket(selectItemMarket(item));
  if (status === 'missing') return null;
  return (
    <p className="market-summary" data-testid="market-summary">
      {link ? <Link to={itemPath(item)}>Market</Link> : 'Market'}:{' '}
      {book ? (
        <>
          {figure('best ask', book.bestAsk)}
          <span aria-hidden="true"> · </span>
          {figure('best bid', book.bestBid)}
          <span aria-hidden="true"> · </span>
          {figure('last trade', book.lastTrade?.unitPrice)}
        </>
      ) : (
        <span className="muted">{status === 'error' ? 'unavailable' : 'loading...'}</span>
      )}
    </p>
  );
}
