import type { BookLevel, MarketBook } from '../../../../src-common/schemas/market';
import { PriceTiers } from '../../../components/money/price-tiers';
import { DepthChart } from './depth-chart';

function BookSide({
  caption,
  levels,
  side,
}: {
  caption: string;
  levels: readonly BookLevel[];
  side: 'bid' | 'ask';
}) {
  return (
    <div className={`market-book-side is-${side}`}>
      <table className="market-book-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Price each</th>
            <th scope="col">Quantity</th>
            <th scope="col">Listings</th>
          </tr>
        </thead>
        <tbody>
          {levels.map((level) => (
            <tr key={level.unitPrice}>
              <td>
                <PriceTiers copper={level.unitPrice} />
              </td>
              <td>{level.quantity.toLocaleString('en-US')}</td>
              <td>{level.listings.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {levels.length === 0 && <p className="muted market-book-empty">None</p>}
    </div>
  );
}

/** The book as two columns, bids (buy listings) beside asks (sell listings), over its depth chart. */
export function OrderBook({ book }: { book: MarketBook }) {
  return (
    <section className="card market-section" aria-labelledby="book-heading">
      <h2 id="book-heading">Order book</h2>
      <div className="market-book">
        <BookSide caption="Bids: players buying" levels={book.bids} side="bid" />
        <BookSide caption="Asks: players selling" levels={book.asks} side="ask" />
      </div>
      <DepthChart asks={book.asks} bids={book.bids} />
    </section>
  );
}
