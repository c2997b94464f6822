import { api, ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { notice, toast } from '../../components/notice/notice-store';
import { listingActions } from './listings-store';

/**
 * Asks, deletes, and reports with the spec's messages. Owners delete through /listings/{id}; the admin
 * list passes its own path. Resolves true when the listing is gone.
 */
export async function confirmDeleteListing(id: number, path = `/listings/${id}`): Promise<boolean> {
  const confirmed = await notice.confirm('Are you sure you want to delete this listing?', 'Confirm Action');
  if (!confirmed) return false;
  try {
    await api.delete(path);
    listingActions.remove(id);
    toast('Listing deleted!', 'success');
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      useSession.getState().clear();
      toast('Please log in again to delete listings', 'error');
    } else {
      toast('Failed to delete listing', 'error');
    }
    return false;
  }
}
