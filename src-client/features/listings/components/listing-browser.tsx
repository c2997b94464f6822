import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BrowseSort } from '../../../../src-common/schemas/listing';
import { useCatalogue } from '../../catalogue/catalogue-store';
import { useResync } from '../../live/live-sync';
import {
  CATEGORY_LABELS,
  changeFilters,
  filtersFromSearch,
  filtersKey,
  filtersToSearch,
  SORT_LABELS,
  type BrowseFilters,
} from '../browse-filters';
import { filterOptions } from '../filter-options';
import { listingActions, selectBrowse, useListings } from '../listings-store';
import {
  ChoiceField,
  EpisodeField,
  labelledOptions,
  ProfessionField,
  SearchField,
  TYPE_OPTIONS,
} from './filter-fields';
import { SaveSearchButton } from '../../saved-searches/save-search-button';
import { ListingCardById } from './listing-card';
import './listing-browser.css';

/** Loaded only while "Online sellers" is on, so the first paint does not carry it. */
const FollowOnlineSellers = lazy(() =>
  import('../use-follow-online-sellers').then((m) => ({ default: m.FollowOnlineSellers })),
);

const CATEGORY_OPTIONS = labelledOptions(CATEGORY_LABELS, 'All Categories');
const SORT_OPTIONS = labelledOptions(SORT_LABELS);
const SEARCH_DEBOUNCE_MS = 300;

/** Filters live in the URL (shareable, survive reload); the store loads what the URL says. */
function useUrlFilters(): [BrowseFilters, (change: Partial<BrowseFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  // Each change starts from the address bar as it is now, not from this render's params: the router
  // re-renders later, so a debounced search firing just as a select changes would otherwise undo one.
  const change = useCallback(
    (partial: Partial<BrowseFilters>) =>
      setParams(
        filtersToSearch(
          changeFilters(filtersFromSearch(new URLSearchParams(window.location.search)), partial),
        ),
        { replace: 'q' in partial },
      ),
    [setParams],
  );
  return [filters, change];
}

function BrowseFilterBar({
  filters,
  onChange,
}: {
  filters: BrowseFilters;
  onChange(c: Partial<BrowseFilters>): void;
}) {
  const catalogue = useCatalogue((s) => s.options);
  const options = useMemo(() => filterOptions(catalogue), [catalogue]);
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);
  useEffect(() => {
    if (q === filters.q) return;
    const timer = setTimeout(() => onChange({ q }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q, filters.q, onChange]);

  return (
    <form
      className="card browse-filters"
      role="search"
      aria-label="Filter listings"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="browse-search">
        <SearchField value={q} onChange={setQ} />
      </div>
      <ChoiceField
        label="Type"
        value={filters.type}
        options={TYPE_OPTIONS}
        onChange={(v) => onChange({ type: v as BrowseFilters['type'] })}
      />
      <ChoiceField
        label="Category"
        value={filters.category}
        options={CATEGORY_OPTIONS}
        onChange={(v) => onChange({ category: v as BrowseFilters['category'] })}
      />
      <ChoiceField
        label="Sort"
        value={filters.sort}
        options={SORT_OPTIONS}
        onChange={(v) => onChange({ sort: v as BrowseSort })}
      />
      <EpisodeField
        value={filters.episode}
        options={options.episodes}
        onChange={(episode) => onChange({ episode })}
      />
      <ProfessionField
        value={filters.profession}
        options={options.professions}
        onChange={(profession) => onChange({ profession })}
      />
      <label className="browse-online">
        <input
          type="checkbox"
          checked={filters.online}
          onChange={(e) => onChange({ online: e.target.checked })}
        />
        Online sellers
      </label>
    </form>
  );
}

/** The listing browser: server-side filters and paging, kept live by socket events. */
export function ListingBrowser() {
  const [filters, changeFilter] = useUrlFilters();
  const key = filtersKey(filters);
  const browse = useListings(selectBrowse);
  const loadOptions = useCatalogue((s) => s.loadOptions);

  useEffect(() => {
    loadOptions();
  }, [loadOptions]);
  useEffect(() => {
    listingActions.browse(filtersFromSearch(new URLSearchParams(key)));
  }, [key]);
  useResync(listingActions.reloadBrowse);

  const current = browse.loadedKey === key;
  const remaining = Math.max(0, browse.total - browse.ids.length);
  return (
    <div className="stack">
      <h1 className="page-title">Current Listings</h1>
      <BrowseFilterBar filters={filters} onChange={changeFilter} />
      {filters.online && (
        <Suspense fallback={null}>
          <FollowOnlineSellers filters={filters} />
        </Suspense>
      )}
      <div className="row browse-summary">
        <p className="browse-count" role="status">
          {current ? `${browse.total.toLocaleString('en-US')} Active Listings` : 'Loading listings...'}
        </p>
        <SaveSearchButton filters={filters} />
      </div>
      {browse.status === 'error' && (
        <div className="row">
          <p className="error-text">Failed to load listings</p>
          <button type="button" className="btn small" onClick={listingActions.reloadBrowse}>
            Try again
          </button>
        </div>
      )}
      {current && browse.ids.length === 0 && <p className="empty-state">No listings found.</p>}
      {current && browse.ids.length > 0 && (
        <div className="grid listing-grid">
          {browse.ids.map((id) => (
            <ListingCardById key={id} id={id} fresh={Boolean(browse.fresh[id])} />
          ))}
        </div>
      )}
      {current && remaining > 0 && (
        <button type="button" className="btn browse-more" onClick={listingActions.showMore}>
          Show More ({remaining.toLocaleString('en-US')} remaining)
        </button>
      )}
    </div>
  );
}
