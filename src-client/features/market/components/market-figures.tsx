import type { MarketBook } from '../../../../src-common/schemas/market';
import { PriceTiers } from '../../../components/money/price-tiers';
import { tradeTime } from '../market-format';

function Figure({ label, copper, note }: { label: string; copper: number | null; note?: string }) {
  return (
    <div className="market-figure">
      <dt>{label}</dt>
      <dd>
        {copper === null ? <span className="muted">None</span> : <PriceTiers copper={copper} />}
        {note && <span className="market-figure-note muted">{note}</span>}
      </dd>
    </div>
  );
}

/** Best ask, best bid, spread and last trade in large type: what an item is worth at a glance. */
export function MarketFigures({ book }: { book: MarketBook }) {
  const last = book.lastTrade;
  return (
    <dl className="market-figures" aria-label="Market prices each">
      <Figure label="Best ask" copper={book.bestAsk} />
      <Figure label="Best bid" copper={book.bestBid} />
      <Figure label="Spread" copper={book.spread} />
      <Figure
        label="Last trade"
        copper={last?.unitPrice ?? null}
        note={last ? `x${last.quantity.toLocaleString('en-US')}, ${tradeTime(last.at)}` : undefined}
      />
      <div className="market-figure">
        <dt>Last 24 h</dt>
        <dd className="market-figure-count">
          {book.trades24h.toLocaleString('en-US')} {book.trades24h === 1 ? 'trade' : 'trades'},{' '}
          {book.volume24h.toLocaleString('en-US')} items
        </dd>
      </div>
    </dl>
  );
}
