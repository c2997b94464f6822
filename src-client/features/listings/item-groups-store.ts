import { create } from 'zustand';
import { BROWSE_LIMIT_MAX } from '../../../src-common/browse';
import { ITEM_GROUPS_PAGE, type ItemGroupSort } from '../../../src-common/listing-groups';
import type { ItemGroup } from '../../../src-common/schemas/listing-groups';
import { ApiError, apiRequest } from '../../lib/api-client';
import { filtersToSearch, type BrowseFilters } from '../../lib/listings/browse-filters';

/** The "by item" view's rows: the first `limit` items for `key` (the filters and order they answer). */
export interface ItemGroupsView {
  key: string | null;
  rows: ItemGroup[];
  total: number;
  limit: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The server's reason when it refused the filters (a 400); null when the load failed otherwise. */
  refusal: string | null;
}

export const useItemGroups = create<ItemGroupsView>(() => ({
  key: null,
  rows: [],
  total: 0,
  limit: ITEM_GROUPS_PAGE,
  status: 'idle',
  refusal: null,
}));

/** GET /api/listings/by-item's query for the browser's filters (its sort is the listings' own) and order. */
export function itemGroupsQuery(filters: BrowseFilters, sort: ItemGroupSort): URLSearchParams {
  const params = filtersToSearch(filters);
  params.delete('sort');
  params.set('sort', sort);
  return params;
}

/** Only the answer to the latest load is kept: a slower earlier one arriving after it is dropped. */
let latest = 0;

async function load(key: string, limit: number): Promise<void> {
  const asked = ++latest;
  try {
    const rows: ItemGroup[] = [];
    let total = 0;
    while (rows.length < limit) {
      const size = Math.min(BROWSE_LIMIT_MAX, limit - rows.length);
      const query = { ...Object.fromEntries(new URLSearchParams(key)), limit: size, offset: rows.length };
      const { data, headers } = await apiRequest<ItemGroup[]>('GET', '/listings/by-item', { query });
      rows.push(...data);
      total = Number(headers.get('X-Total-Count') ?? rows.length);
      if (data.length < size) break;
    }
    if (asked === latest) useItemGroups.setState({ key, rows, total, limit, status: 'ready', refusal: null });
  } catch (err) {
    if (asked !== latest) return;
    const refusal = err instanceof ApiError && err.status === 400 ? err.message : null;
    useItemGroups.setState({ status: 'error', refusal });
  }
}

/** Live changes come in bursts (an accept changes a listing and records a trade): one read for a burst. */
const REFRESH_DELAY_MS = 150;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;

export const itemGroupActions = {
  /** Shows the rows of these filters and order, from the first page. */
  show(key: string) {
    const held = useItemGroups.getState();
    // Back to rows already held: they show at once and are read again, as no event reached them meanwhile.
    if (held.key === key && held.status === 'ready') return void load(key, held.limit);
    useItemGroups.setState({ key, limit: ITEM_GROUPS_PAGE, status: 'loading', refusal: null });
    void load(key, ITEM_GROUPS_PAGE);
  },
  /** The rows shown, read again: a listing changed (live), or events were lost. */
  refresh() {
    if (refreshTimer) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      const { key, limit } = useItemGroups.getState();
      if (key !== null) void load(key, limit);
    }, REFRESH_DELAY_MS);
  },
  retry() {
    const { key, limit } = useItemGroups.getState();
    if (key === null) return;
    useItemGroups.setState({ status: 'loading' });
    void load(key, limit);
  },
  showMore() {
    const { key, limit } = useItemGroups.getState();
    if (key !== null) void load(key, limit + ITEM_GROUPS_PAGE);
  },
};
