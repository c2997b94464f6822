import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BrowseSort } from '../../../../src-common/schemas/listing';
import { announce } from '../../../components/live-region/announcer';
import { LoadState, type LoadStatus } from '../../../components/load-state/load-state';
import { PageSkipLink } from '../../../components/skip-links';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useCatalogue } from '../../../lib/catalogue-store';
import { useResync } from '../../../lib/live-sync';
import {
  CATEGORY_LABELS,
  changeFilters,
  CLEAR_FILTERS,
  clearedFiltersNote,
  filtersFromSearch,
  filtersKey,
  filtersToSearch,
  isNarrowed,
  LIST_PAGE_SIZE,
  PAGE_SIZE,
  SORT_LABELS,
  activeFilterCount,
  type BrowseFilters,
} from '../../../lib/listings/browse-filters';
import { filterOptions } from '../../../lib/filter-options';
import { listingActions, selectBrowse, useListings } from '../../../lib/listings/listings-store';
import {
  ChoiceField,
  EpisodeField,
  labelledOptions,
  ProfessionField,
  SearchField,
  TYPE_OPTIONS,
} from '../../../components/filters/filter-fields';
import {
  ITEM_SORT_LABELS,
  ITEM_SORT_PARAM,
  itemSortFromSearch,
  rememberView,
  VIEW_PARAM,
  VIEW_PARAMS,
  viewFromSearch,
  type ListingView,
} from '../../../lib/listings/listing-view';
import type { ItemGroupSort } from '../../../../src-common/listing-groups';
import { useFirstNewFocus } from '../use-first-new-focus';
import { EmptyResults } from './empty-results';
import { FiltersSheetButton } from './filters-sheet';
import { ItemGroups } from './item-groups';
import { ListingCardById } from './listing-card';
import { ListingRowById } from './listing-row';
import { ViewSwitch } from './view-switch';
import { countLabel } from '../../../lib/count-label';
import './listing-browser.css';

/** Loaded only while "Online sellers" is on, so the first paint does not carry it. */
const FollowOnlineSellers = lazy(() =>
  import('../use-follow-online-sellers').then((m) => ({ default: m.FollowOnlineSellers })),
);

const CATEGORY_OPTIONS = labelledOptions(CATEGORY_LABELS, 'All Categories');
const SORT_OPTIONS = labelledOptions(SORT_LABELS);
const ITEM_SORT_OPTIONS = labelledOptions(ITEM_SORT_LABELS);
const SEARCH_DEBOUNCE_MS = 300;
/** Phones: search and sort stay in view, the other filters move into a sheet. */
const COMPACT_QUERY = '(max-width: 599px)';

/**
 * Filters live in the URL (shareable, survive reload); the store loads what the URL says. The view and
 * the by-item order ride along in the same address. The note says (and announces) which set filters the
 * last change cleared, until the next change.
 */
function useUrlFilters(): [
  BrowseFilters,
  (change: Partial<BrowseFilters>) => void,
  URLSearchParams,
  note: string | null,
] {
  const [params, setParams] = useSearchParams();
  const [note, setNote] = useState<string | null>(null);
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  // The search the last change asked for, until the router renders it. A change starts from it rather
  // than from this render's params: the router navigates asynchronously, so a debounced search firing
  // just as a select changes would otherwise undo one of the two.
  const asked = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (asked.current?.toString() === params.toString()) asked.current = null;
  }, [params]);
  const change = useCallback(
    (partial: Partial<BrowseFilters>) => {
      const from = asked.current ?? params;
      const before = filtersFromSearch(from);
      const cleared = clearedFiltersNote(before, partial);
      setNote(cleared);
      if (cleared) announce(cleared);
      const next = filtersToSearch(changeFilters(before, partial));
      for (const key of VIEW_PARAMS) if (from.has(key)) next.set(key, from.get(key)!);
      asked.current = next;
      // One history entry for the browser however many filters change: Back leaves the page.
      setParams(next, { replace: true });
    },
    [params, setParams],
  );
  return [filters, change, params, note];
}

/** The view shown and the by-item order, from the URL (else the remembered view), and their setters. */
function useUrlView(params: URLSearchParams) {
  const [, setParams] = useSearchParams();
  const view = viewFromSearch(params);
  const itemSort = itemSortFromSearch(params);
  const set = useCallback(
    (key: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setView = useCallback(
    (next: ListingView) => {
      rememberView(next);
      set(VIEW_PARAM, next);
    },
    [set],
  );
  const setItemSort = useCallback((next: ItemGroupSort) => set(ITEM_SORT_PARAM, next), [set]);
  return { view, itemSort, setView, setItemSort };
}

/**
 * The item the results are pinned to (`item=`, from the item page's link or a saved search), shown at
 * every width. Removing it widens the results to every item and leaves focus in the search box.
 */
function ItemPin({ item, onRemove }: { item: string; onRemove(): void }) {
  return (
    <div className="browse-pins">
      <button
        type="button"
        className="btn small filter-chip"
        aria-label={`Item: ${item}, remove this filter`}
        onClick={onRemove}
      >
        Item: <strong>{item}</strong>
        <span className="filter-chip-remove" aria-hidden="true">
          ×
        </span>
      </button>
    </div>
  );
}

function BrowseFilterBar({
  filters,
  onChange,
  sortField,
  note,
}: {
  filters: BrowseFilters;
  onChange(c: Partial<BrowseFilters>): void;
  /** In place of the listings' Sort (the by-item view orders items). */
  sortField?: ReactNode;
  /** Which filters the last change cleared (announced when it was made). */
  note: string | null;
}) {
  const compact = useMediaQuery(COMPACT_QUERY);
  const catalogue = useCatalogue((s) => s.options);
  const options = useMemo(() => filterOptions(catalogue), [catalogue]);
  const searchBox = useRef<HTMLDivElement>(null);
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);
  useEffect(() => {
    if (q === filters.q) return;
    const timer = setTimeout(() => onChange({ q }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q, filters.q, onChange]);

  const type = (
    <ChoiceField
      label="Type"
      value={filters.type}
      options={TYPE_OPTIONS}
      onChange={(v) => onChange({ type: v as BrowseFilters['type'] })}
    />
  );
  const category = (
    <ChoiceField
      label="Category"
      value={filters.category}
      options={CATEGORY_OPTIONS}
      onChange={(v) => onChange({ category: v as BrowseFilters['category'] })}
    />
  );
  const sort = sortField ?? (
    <ChoiceField
      label="Sort"
      value={filters.sort}
      options={SORT_OPTIONS}
      onChange={(v) => onChange({ sort: v as BrowseSort })}
    />
  );
  const episode = (
    <EpisodeField
      value={filters.episode}
      options={options.episodes}
      onChange={(value) => onChange({ episode: value })}
    />
  );
  const profession = (
    <ProfessionField
      value={filters.profession}
      options={options.professions}
      onChange={(value) => onChange({ profession: value })}
    />
  );
  const online = (
    <label className="browse-online">
      <input
        type="checkbox"
        checked={filters.online}
        onChange={(e) => onChange({ online: e.target.checked })}
      />
      Online sellers
    </label>
  );
  return (
    <form
      className={compact ? 'card browse-filters is-compact' : 'card browse-filters'}
      role="search"
      aria-label="Filter listings"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="browse-search" ref={searchBox}>
        <SearchField value={q} onChange={setQ} />
      </div>
      {filters.item && (
        <ItemPin
          item={filters.item}
          onRemove={() => {
            onChange({ item: '' });
            searchBox.current?.querySelector('input')?.focus();
          }}
        />
      )}
      {compact ? (
        <>
          {sort}
          <FiltersSheetButton active={activeFilterCount(filters)}>
            {type}
            {category}
            {episode}
            {profession}
            {online}
          </FiltersSheetButton>
        </>
      ) : (
        <>
          {type}
          {category}
          {sort}
          {episode}
          {profession}
          {online}
        </>
      )}
      {note && <p className="browse-note">{note}</p>}
    </form>
  );
}

/** Cards or the compact list: the listings of the browse store, in the server's order, live. */
function ListingResults({
  view,
  filters,
  aside,
  empty,
}: {
  view: ListingView;
  filters: BrowseFilters;
  aside: ReactNode;
  /** What shows when nothing matches. */
  empty: ReactNode;
}) {
  const key = filtersKey(filters);
  const pageSize = view === 'list' ? LIST_PAGE_SIZE : PAGE_SIZE;
  const browse = useListings(selectBrowse);
  const list = useRef<HTMLElement | null>(null);
  const expectNew = useFirstNewFocus(list, browse.ids.length);
  useEffect(() => {
    listingActions.browse(filtersFromSearch(new URLSearchParams(key)), pageSize);
  }, [key, pageSize]);
  useResync(listingActions.reloadBrowse);

  const current = browse.loadedKey === key;
  const status: LoadStatus = browse.status === 'error' ? 'error' : current ? 'ready' : 'loading';
  const remaining = Math.max(0, browse.total - browse.ids.length);
  let results: ReactNode;
  if (browse.ids.length === 0) results = empty;
  else if (view === 'list') {
    results = (
      <ul ref={(el) => void (list.current = el)} className="listing-rows" aria-label="Listings">
        {browse.ids.map((id) => (
          <ListingRowById key={id} id={id} fresh={Boolean(browse.fresh[id])} />
        ))}
      </ul>
    );
  } else {
    results = (
      <div ref={(el) => void (list.current = el)} className="grid listing-grid">
        {browse.ids.map((id) => (
          <ListingCardById key={id} id={id} fresh={Boolean(browse.fresh[id])} />
        ))}
      </div>
    );
  }
  return (
    <LoadState
      status={status}
      loadingLabel="Loading listings"
      error={browse.refusal ?? 'Failed to load listings'}
      onRetry={listingActions.reloadBrowse}
    >
      <div className="row browse-summary">
        <p className="browse-count" role="status">
          {countLabel(browse.total, 'Active Listing', 'Active Listings')}
        </p>
        {aside}
      </div>
      {results}
      {remaining > 0 && (
        <button
          type="button"
          className="btn browse-more"
          onClick={() => {
            expectNew();
            listingActions.showMore(pageSize);
          }}
        >
          Show More ({remaining.toLocaleString('en-US')} remaining)
        </button>
      )}
    </LoadState>
  );
}

/**
 * The listing browser: server-side filters and paging, kept live by socket events, shown as cards, as a
 * compact list or grouped by item. `saveSearch` (from the saved searches feature) offers to save the
 * filters shown.
 */
export function ListingBrowser({ saveSearch }: { saveSearch(filters: BrowseFilters): ReactNode }) {
  const [filters, changeFilter, params, note] = useUrlFilters();
  const { view, itemSort, setView, setItemSort } = useUrlView(params);
  const loadOptions = useCatalogue((s) => s.loadOptions);

  useEffect(() => {
    loadOptions();
  }, [loadOptions]);

  const empty = <EmptyResults narrowed={isNarrowed(filters)} onClear={() => changeFilter(CLEAR_FILTERS)} />;
  const itemSortField =
    view === 'items' ? (
      <ChoiceField
        label="Sort items"
        value={itemSort}
        options={ITEM_SORT_OPTIONS}
        onChange={(v) => setItemSort(v as ItemGroupSort)}
      />
    ) : undefined;
  return (
    <div className="stack">
      <div className="row browse-head">
        <div>
          <h1 className="page-title">Current Listings</h1>
          <p className="browse-tagline">Buy and sell Brighter Shores items with other players.</p>
        </div>
        <ViewSwitch view={view} onChange={setView} />
      </div>
      <BrowseFilterBar filters={filters} onChange={changeFilter} sortField={itemSortField} note={note} />
      {filters.online && (
        <Suspense fallback={null}>
          <FollowOnlineSellers filters={filters} />
        </Suspense>
      )}
      <PageSkipLink targetId="results">Skip to results</PageSkipLink>
      <section id="results" className="stack browse-results" aria-label="Results" tabIndex={-1}>
        {view === 'items' ? (
          <ItemGroups filters={filters} sort={itemSort} aside={saveSearch(filters)} empty={empty} />
        ) : (
          <ListingResults view={view} filters={filters} aside={saveSearch(filters)} empty={empty} />
        )}
      </section>
    </div>
  );
}
