import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useLiveLoader, useWatchListing } from '../live/live-sync';
import { listingActions, selectListing, selectWasDeleted, useListings } from './listings-store';

export type DetailStatus = 'loading' | 'ready' | 'missing';

/**
 * One listing for the detail page: loaded, watched (its room brings offer events) and kept live.
 * `message` is the spec's load failure text: "Listing not found" on 404, else "Failed to load listing".
 */
export function useListingDetail(id: number) {
  const valid = Number.isSafeInteger(id) && id > 0;
  const listing = useListings(selectListing(id));
  const deleted = useListings(selectWasDeleted(id));
  const [state, setState] = useState<{ status: DetailStatus; message: string }>({
    status: valid ? 'loading' : 'missing',
    message: valid ? '' : 'Listing not found',
  });

  const load = useCallback(() => {
    if (!valid) return;
    listingActions.fetchOne(id).then(
      () => setState({ status: 'ready', message: '' }),
      (err: unknown) =>
        setState({
          status: 'missing',
          message:
            err instanceof ApiError && err.status === 404 ? 'Listing not found' : 'Failed to load listing',
        }),
    );
  }, [id, valid]);
  useLiveLoader(load);
  useWatchListing(valid ? id : null);

  if (deleted) return { listing: undefined, status: 'missing' as const, deleted: true, message: '' };
  if (listing) return { listing, status: 'ready' as const, deleted: false, message: '' };
  return { listing: undefined, status: state.status, deleted: false, message: state.message };
}
