import { useEffect, useMemo, useRef } from 'react';
import { BROWSE_LIMIT_MAX } from '../../../src-common/browse';
import type { Listing } from '../../../src-common/schemas/listing';
import { apiRequest } from '../../lib/api-client';
import { onServerEvent } from '../../lib/socket';
import { watchUser } from '../../lib/presence/presence-watch';
import { browseApiQuery, filtersKey, type BrowseFilters } from '../../lib/listings/browse-filters';
import {
  listingActions,
  selectBrowse,
  selectListingsById,
  useListings,
} from '../../lib/listings/listings-store';

/** Several sellers changing at once cost one refetch. */
const SETTLE_MS = 300;

/**
 * With "Online sellers" on, the results follow presence. The page watches the sellers of the first
 * listings that match the other filters (online or not: those who may appear), and every card watches
 * its own seller; a candidate coming online or a seller shown going offline refetches the page, which
 * the server answers from its listing index, itself following presence. Sellers beyond those first
 * listings appear on the next load.
 */
export function useFollowOnlineSellers(filters: BrowseFilters): void {
  const browse = useListings(selectBrowse);
  const byId = useListings(selectListingsById);
  const shown = useMemo(
    () => new Set(browse.ids.map((id) => byId[id]?.userId).filter((id) => id !== undefined)),
    [browse.ids, byId],
  );
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const key = filtersKey(filters);

  useEffect(() => {
    const current = new URLSearchParams(key);
    if (current.get('online') !== '1') return;
    const candidates = new Set<number>();
    const unwatch: (() => void)[] = [];
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const others = browseApiQuery({ ...filters, online: false }, BROWSE_LIMIT_MAX);
    apiRequest<Listing[]>('GET', '/listings', { query: others })
      .then(({ data }) => {
        if (stopped) return;
        for (const listing of data) candidates.add(listing.userId);
        for (const userId of candidates) unwatch.push(watchUser(userId));
      })
      .catch(() => undefined);
    const off = onServerEvent('presence:changed', ({ userId, online }) => {
      const isShown = shownRef.current.has(userId);
      if (online ? isShown || !candidates.has(userId) : !isShown) return;
      clearTimeout(timer);
      timer = setTimeout(listingActions.reloadBrowse, SETTLE_MS);
    });
    return () => {
      stopped = true;
      off();
      clearTimeout(timer);
      for (const stop of unwatch) stop();
    };
    // The filters are read once per key: an equal key is the same query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** The hook as a component, so the listing browser loads it (lazily) only while the filter is on. */
export function FollowOnlineSellers({ filters }: { filters: BrowseFilters }): null {
  useFollowOnlineSellers(filters);
  return null;
}
