import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Listing } from '../../../src-common/schemas/listing';
import { ListingForm } from '../../features/listings/components/listing-form';
import { listingActions, useListings } from '../../features/listings/listings-store';
import { isListingOwner } from '../../features/listings/ownership';
import { errorMessage } from '../../lib/api-client';
import { selectUser, useSession } from '../../lib/session';

type EditState =
  { status: 'loading' } | { status: 'ready'; listing: Listing } | { status: 'failed'; message: string };

/** /post?edit={id}: the listing to edit, from the store when it is there, else from the server. */
function useEditing(editId: number | null): EditState | null {
  const held = useListings((s) => (editId === null ? undefined : s.table.byId[editId]));
  const [state, setState] = useState<EditState>({ status: 'loading' });
  useEffect(() => {
    if (editId === null || held) return;
    listingActions
      .fetchOne(editId)
      .catch((err: unknown) =>
        setState({ status: 'failed', message: errorMessage(err, 'Failed to load listing') }),
      );
  }, [editId, held]);
  if (editId === null) return null;
  return held ? { status: 'ready', listing: held } : state;
}

export function Component() {
  const user = useSession(selectUser);
  const [params] = useSearchParams();
  const raw = params.get('edit');
  const editing = useEditing(raw && /^\d+$/.test(raw) ? Number(raw) : null);

  let body;
  if (!user) body = <p className="empty-state">Please log in to post a listing.</p>;
  else if (!editing) body = <ListingForm />;
  else if (editing.status === 'loading') body = <p className="muted">Loading listing...</p>;
  else if (editing.status === 'failed') body = <p className="error-text">{editing.message}</p>;
  else if (!isListingOwner(editing.listing, user))
    body = <p className="error-text">You can only edit your own listings.</p>;
  else body = <ListingForm key={editing.listing.id} editing={editing.listing} />;

  return (
    <div className="stack">
      <h1 className="page-title">Post Listing</h1>
      {body}
    </div>
  );
}
