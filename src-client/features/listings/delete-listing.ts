import type { Listing } from '../../../src-common/schemas/listing';
import { api, ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { notice, toast } from '../../components/notice/notice-store';
import { sessionEndedMessage } from '../../components/suspension/suspension-text';
import { listingActions } from './listings-store';

/**
 * Asks (naming the item), deletes, and reports with the spec's messages. Owners delete their own listing
 * through /listings/{id}; the admin list passes its own path and its question names the seller.
 */
export async function confirmDeleteListing(
  listing: Pick<Listing, 'id' | 'item' | 'seller'>,
  asAdmin = false,
): Promise<boolean> {
  const { id } = listing;
  const question = asAdmin
    ? `Delete ${listing.seller}'s listing ${listing.item}? This cannot be undone.`
    : `Delete your listing ${listing.item}? This cannot be undone.`;
  const confirmed = await notice.confirm(question, 'Delete listing', {
    confirm: 'Delete listing',
    cancel: 'Keep it',
    destructive: true,
  });
  if (!confirmed) return false;
  try {
    await api.delete(asAdmin ? `/admin/listings/${id}` : `/listings/${id}`);
    listingActions.remove(id);
    toast('Listing deleted!', 'success');
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      useSession.getState().clear();
      toast(sessionEndedMessage(err, 'Please log in again to delete listings'), 'error');
    } else {
      toast('Failed to delete listing', 'error');
    }
    return false;
  }
}
