import type { Listing } from '../../../src-common/schemas/listing';
import { api, errorMessage } from '../../lib/api-client';
import { notice, toast } from '../../components/notice/notice-store';
import { listingActions } from '../../lib/listings/listings-store';

/**
 * The owner closes a listing by hand (the trade happened elsewhere), after confirming: it leaves browse
 * and its pending offers are rejected. Resolves true when it closed.
 */
export async function confirmCloseListing(listing: Listing): Promise<boolean> {
  const confirmed = await notice.confirm(
    `Close your listing ${listing.item}? It leaves the marketplace and its pending offers are rejected. This cannot be undone.`,
    'Close listing',
    { confirm: 'Close listing', cancel: 'Keep it open', destructive: true },
  );
  if (!confirmed) return false;
  try {
    listingActions.upsert(await api.post<Listing>(`/listings/${listing.id}/close`));
    toast('Listing closed!', 'success');
    return true;
  } catch (err) {
    toast(errorMessage(err, 'Failed to close listing'), 'error');
    return false;
  }
}
