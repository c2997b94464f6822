import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BROWSE_LIMIT_MAX } from '../../../src-common/browse';
import type { Listing } from '../../../src-common/schemas/listing';
import { api } from '../../lib/api-client';
import { listingActions, selectListingsById, useListings } from '../../lib/listings/listings-store';
import { useLiveLoader } from '../../lib/live-sync';
import { compareForItemPage } from './market-format';

/**
 * The item's live listings (the first page of the exact item filter; the listing browser has them all).
 * The answer brings them into the listings store; listing:* events keep the store, and so this list, live,
 * and after a reconnect that lost events the list is read again.
 */
export function useItemListings(item: string): {
  listings: Listing[];
  status: 'loading' | 'ready' | 'error';
} {
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const latest = useRef(item);
  latest.current = item;
  const load = useCallback(() => {
    const startedAt = listingActions.clock();
    api
      .get<Listing[]>('/listings', { query: { item, limit: BROWSE_LIMIT_MAX } })
      .then((found) => {
        // A full page may leave listings out: only a complete answer says which held ones are gone.
        if (found.length < BROWSE_LIMIT_MAX) listingActions.syncItem(item, found, startedAt);
        else listingActions.receive(found);
        if (latest.current === item) setStatus('ready');
      })
      .catch(() => latest.current === item && setStatus('error'));
  }, [item]);
  useEffect(() => setStatus('loading'), [item]);
  useLiveLoader(load);
  const byId = useListings(selectListingsById);
  const listings = useMemo(
    () =>
      Object.values(byId)
        .filter((l) => l.item === item && l.status === 'active')
        .sort(compareForItemPage),
    [byId, item],
  );
  return { listings, status };
}
