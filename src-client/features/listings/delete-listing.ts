import type { Listing } from '../../../src-common/schemas/listing';
import { api, SessionEndedError } from '../../lib/api-client';
import { notice, toast } from '../../components/notice/notice-store';
import { listingActions } from '../../lib/listings/listings-store';

/**
 * Asks (naming the item), deletes, and reports in a toast. Owners delete their own listing
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
    toast(
      err instanceof SessionEndedError
        ? err.explain('Please log in again to delete listings')
        : 'Failed to delete listing',
      'error',
    );
    return false;
  }
}
