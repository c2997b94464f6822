import { useEffect, useMemo, useState } from 'react';
import { BROWSE_LIMIT_MAX } from '../../../src-common/browse';
import type { Listing } from '../../../src-common/schemas/listing';
import { api } from '../../lib/api-client';
import { listingActions, selectListingsById, useListings } from '../../lib/listings/listings-store';
import { compareForItemPage } from './market-format';

/**
 * The item's live listings (the first page of the exact item filter; the listing browser has them all).
 * The answer brings them into the listings store; listing:* events keep the store, and so this list, live.
 */
export function useItemListings(item: string): {
  listings: Listing[];
  status: 'loading' | 'ready' | 'error';
} {
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  useEffect(() => {
    let current = true;
    setStatus('loading');
    api
      .get<Listing[]>('/listings', { query: { item, limit: BROWSE_LIMIT_MAX } })
      .then((found) => {
        listingActions.receive(found);
        if (current) setStatus('ready');
      })
      .catch(() => current && setStatus('error'));
    return () => {
      current = false;
    };
  }, [item]);
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
