import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useLiveLoader, useWatchListing } from '../../lib/live-sync';
import {
  listingActions,
  selectListing,
  selectWasDeleted,
  useListings,
} from '../../lib/listings/listings-store';

export type DetailStatus = 'loading' | 'ready' | 'missing' | 'error';

/**
 * One listing for the detail page: loaded, watched (its room brings offer events) and kept live.
 * A 404 is 'missing' ("Listing not found"); any other failure is 'error' ("Failed to load listing"), which
 * `reload` tries again.
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
    setState((s) => (s.status === 'error' ? { status: 'loading', message: '' } : s));
    listingActions.fetchOne(id).then(
      () => setState({ status: 'ready', message: '' }),
      (err: unknown) =>
        setState(
          err instanceof ApiError && err.status === 404
            ? { status: 'missing', message: 'Listing not found' }
            : { status: 'error', message: 'Failed to load listing' },
        ),
    );
  }, [id, valid]);
  useLiveLoader(load);
  useWatchListing(valid ? id : null);

  if (deleted)
    return { listing: undefined, status: 'missing' as const, deleted: true, message: '', reload: load };
  if (listing) return { listing, status: 'ready' as const, deleted: false, message: '', reload: load };
  return { listing: undefined, status: state.status, deleted: false, message: state.message, reload: load };
}
