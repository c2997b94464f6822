import { useId, type ReactNode } from 'react';
import { PriceTiers } from '../../../components/money/price-tiers';
import type { ListingStats } from '../profile-stats';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="card stat" role="group" aria-labelledby={id}>
      <span className="stat-label" id={id}>
        {label}
      </span>
      <span className="stat-value">{children}</span>
    </div>
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/** The listings on offer now: how many of each side, and what is left of each side, never added together. */
export function StatsPanel({ stats }: { stats: ListingStats }) {
  return (
    <section className="stats-panel" aria-label="Listing stats">
      <Stat label="Active listings">{count(stats.activeListings)}</Stat>
      <Stat label="Sell orders">{count(stats.sellOrders)}</Stat>
      <Stat label="Selling, value left">
        <PriceTiers copper={stats.sellValueLeft} />
      </Stat>
      <Stat label="Buy orders">{count(stats.buyOrders)}</Stat>
      <Stat label="Buying, value left">
        <PriceTiers copper={stats.buyValueLeft} />
      </Stat>
    </section>
  );
}
