import { PriceTiers } from '../../../components/money/price-tiers';
import type { ListingStats } from '../profile-stats';

/** Total Listings, Total Value, Buy Orders, Sell Orders. */
export function StatsPanel({ stats }: { stats: ListingStats }) {
  return (
    <section className="stats-panel" aria-label="Listing stats">
      <div className="card stat">
        <span className="stat-label">Total Listings</span>
        <span className="stat-value">{stats.totalListings.toLocaleString('en-US')}</span>
      </div>
      <div className="card stat">
        <span className="stat-label">Total Value</span>
        <span className="stat-value">
          <PriceTiers copper={stats.totalValue} />
        </span>
      </div>
      <div className="card stat">
        <span className="stat-label">Buy Orders</span>
        <span className="stat-value">{stats.buyOrders.toLocaleString('en-US')}</span>
      </div>
      <div className="card stat">
        <span className="stat-label">Sell Orders</span>
        <span className="stat-value">{stats.sellOrders.toLocaleString('en-US')}</span>
      </div>
    </section>
  );
}
