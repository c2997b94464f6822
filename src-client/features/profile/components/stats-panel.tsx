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

/**
 * The listings on offer now: how many, what is left of each side (selling and buying are never added
 * together), and how many of each side.
 */
export function StatsPanel({ stats }: { stats: ListingStats }) {
  return (
    <section className="stats-panel" aria-label="Listing stats">
      <Stat label="Total Listings">{count(stats.activeListings)}</Stat>
      <Stat label="Total Value">
        <span className="stat-split">
          <span>
            Selling <PriceTiers copper={stats.sellValueLeft} />
          </span>
          <span>
            Buying <PriceTiers copper={stats.buyValueLeft} />
          </span>
        </span>
      </Stat>
      <Stat label="Buy Orders">{count(stats.buyOrders)}</Stat>
      <Stat label="Sell Orders">{count(stats.sellOrders)}</Stat>
    </section>
  );
}
