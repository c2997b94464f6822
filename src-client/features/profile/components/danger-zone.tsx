import { useState } from 'react';
import { notice, toast } from '../../../components/notice/notice-store';
import { api, SessionEndedError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { listingActions } from '../../../lib/listings/listings-store';
import { DeleteAccountDialog } from './delete-account-dialog';

async function deleteAllListings(ids: readonly number[]): Promise<void> {
  const count =
    ids.length === 1 ? 'your 1 listing' : `all ${ids.length.toLocaleString('en-US')} of your listings`;
  const confirmed = await notice.confirm(`Delete ${count}? This cannot be undone.`, 'Delete all listings', {
    confirm: 'Delete all listings',
    cancel: 'Keep them',
    destructive: true,
  });
  if (!confirmed) return;
  try {
    await api.delete('/listings/mine');
    for (const id of ids) listingActions.remove(id);
    toast('All your listings were deleted.', 'success');
  } catch (err) {
    toast(
      err instanceof SessionEndedError
        ? err.explain('Please log in again to delete listings')
        : 'Failed to delete listings',
      'error',
    );
  }
}

/** Settings' last section: delete every listing the user has, or the whole account. */
export function DangerZone({ listingIds }: { listingIds: readonly number[] }) {
  const user = useCurrentUser().data;
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="card stack danger-zone" aria-labelledby="danger-zone-title">
      <h3 id="danger-zone-title">Danger Zone</h3>
      <p className="muted">Deleting your listings removes them and every offer made on them.</p>
      <div>
        <button
          type="button"
          className="btn danger"
          disabled={listingIds.length === 0}
          onClick={() => deleteAllListings(listingIds)}
        >
          Delete All Listings
        </button>
      </div>
      <p className="muted">
        Deleting your account removes it and everything in it; your trades stay in the other traders&apos;
        history.
      </p>
      <div>
        <button
          type="button"
          className="btn danger"
          aria-haspopup="dialog"
          disabled={!user}
          onClick={() => setDeleting(true)}
        >
          Delete my account
        </button>
      </div>
      {deleting && user && <DeleteAccountDialog user={user} onClose={() => setDeleting(false)} />}
    </section>
  );
}
