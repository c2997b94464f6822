import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Listing } from '../../../../src-common/schemas/listing';
import {
  ChoiceField,
  EpisodeField,
  ProfessionField,
  SearchField,
  TYPE_OPTIONS,
} from '../../../components/filters/filter-fields';
import { episodeOptions } from '../../../lib/filter-options';
import { professionFilterValues } from '../../../../src-common/catalogue';
import {
  DEFAULT_MY_FILTERS,
  filterMyListings,
  MY_LISTING_SORTS,
  MY_LISTING_VIEWS,
  type MyListingFilters,
} from '../my-listings-filter';

const EMPTY_VIEW: Record<MyListingFilters['view'], string> = {
  active: 'No active listings.',
  closed: 'No closed listings yet. A listing closes when its last items are traded, or when you close it.',
};

/**
 * The own listings, Active or Closed, with search, type, sort, episode and profession; an active card has
 * Edit, Close listing and Delete, a closed one Relist and Delete (`listingCard`, from the listings feature).
 */
export function MyListingsTab({
  listings,
  listingCard,
}: {
  listings: readonly Listing[];
  listingCard(listing: Listing): ReactNode;
}) {
  const [filters, setFilters] = useState<MyListingFilters>(DEFAULT_MY_FILTERS);
  const set = (change: Partial<MyListingFilters>) => setFilters((f) => ({ ...f, ...change }));
  const shown = useMemo(() => filterMyListings(listings, filters), [listings, filters]);
  const inView = useMemo(
    () => listings.filter((l) => l.status === filters.view).length,
    [listings, filters.view],
  );
  const counts = useMemo(
    () => ({
      active: listings.filter((l) => l.status === 'active').length,
      closed: listings.filter((l) => l.status === 'closed').length,
    }),
    [listings],
  );
  const episodes = useMemo(() => episodeOptions(listings.map((l) => l.episode)), [listings]);
  const professions = useMemo(
    () => professionFilterValues(listings.flatMap((l) => l.professions)),
    [listings],
  );

  return (
    <div className="stack">
      <h2 className="profile-section-title">My Listings ({shown.length})</h2>
      {listings.length === 0 ? (
        <div className="empty-state stack">
          <strong>No listings yet</strong>
          <span>Start trading by creating your first listing!</span>
          <div>
            <Link className="btn primary" to="/post">
              Post Listing
            </Link>
          </div>
        </div>
      ) : (
        <>
          <div className="row my-listings-views" role="group" aria-label="Which listings">
            {MY_LISTING_VIEWS.map(([view, label]) => (
              <button
                key={view}
                type="button"
                className={`btn small${filters.view === view ? ' primary' : ''}`}
                aria-pressed={filters.view === view}
                onClick={() => set({ view })}
              >
                {label} ({counts[view]})
              </button>
            ))}
          </div>
          <form
            className="card my-listings-filters"
            role="search"
            aria-label="Filter my listings"
            onSubmit={(e) => e.preventDefault()}
          >
            <SearchField value={filters.q} onChange={(q) => set({ q })} />
            <ChoiceField
              label="Type"
              value={filters.type}
              options={TYPE_OPTIONS}
              onChange={(v) => set({ type: v as MyListingFilters['type'] })}
            />
            <ChoiceField
              label="Sort"
              value={filters.sort}
              options={MY_LISTING_SORTS}
              onChange={(v) => set({ sort: v as MyListingFilters['sort'] })}
            />
            <EpisodeField
              value={filters.episode}
              options={episodes}
              onChange={(episode) => set({ episode })}
            />
            <ProfessionField
              value={filters.profession}
              options={professions}
              onChange={(profession) => set({ profession })}
            />
          </form>
          {shown.length === 0 ? (
            <p className="empty-state">
              {inView === 0 ? EMPTY_VIEW[filters.view] : 'No listings match your filters.'}
            </p>
          ) : (
            <div className="grid">{shown.map(listingCard)}</div>
          )}
        </>
      )}
    </div>
  );
}
