import type { ReactNode } from 'react';
import type { OfferStats } from '../../../../src-common/schemas/offer';
import type { Listing } from '../../../../src-common/schemas/listing';
import { traderStatus, type ListingStats } from '../profile-stats';

interface OverviewTabProps {
  listings: readonly Listing[];
  /** The same figures as the stats panel above, so both count the same listings. */
  stats: ListingStats;
  offerStats: OfferStats | null;
  memberSince: string;
  /** The owner's presence as others see it (their "Show when I'm online" setting included). */
  lastActive: ReactNode;
}

function mostRecent(listings: readonly Listing[]): string {
  if (!listings.length) return 'None';
  const latest = new Date(listings[0].timestamp);
  return latest.toDateString() === new Date().toDateString()
    ? 'Today'
    : latest.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

function Facts({ rows }: { rows: ReadonlyArray<[string, ReactNode]> }) {
  return (
    <dl>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{typeof value === 'number' ? value.toLocaleString('en-US') : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Marketplace Activity, Trading Stats and Account Info. `listings` is newest first. */
export function OverviewTab({ listings, stats, offerStats, memberSince, lastActive }: OverviewTabProps) {
  const unknown = offerStats === null;
  return (
    <div className="overview-cards">
      <section className="card overview-card" aria-labelledby="overview-activity">
        <h3 id="overview-activity">Marketplace Activity</h3>
        <Facts
          rows={[
            ['Total listings', stats.activeListings],
            ['Most recent', mostRecent(listings)],
            ['Status', traderStatus(stats)],
          ]}
        />
      </section>
      <section className="card overview-card" aria-labelledby="overview-trading">
        <h3 id="overview-trading">Trading Stats</h3>
        <Facts
          rows={[
            ['Offers made', unknown ? '-' : offerStats.made],
            ['Offers received', unknown ? '-' : offerStats.received],
            ['Accepted', unknown ? '-' : offerStats.accepted],
            ['Pending', unknown ? '-' : offerStats.pending],
          ]}
        />
      </section>
      <section className="card overview-card" aria-labelledby="overview-account">
        <h3 id="overview-account">Account Info</h3>
        <Facts
          rows={[
            ['Member since', memberSince],
            ['Last active', lastActive],
            ['Account type', 'Standard'],
          ]}
        />
      </section>
    </div>
  );
}
