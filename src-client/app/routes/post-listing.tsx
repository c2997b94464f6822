import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Listing } from '../../../src-common/schemas/listing';
import { LoginPromptButton } from '../../components/login-prompt-button';
import { ListingForm } from '../../features/listings/components/listing-form';
import { listingActions, useListings } from '../../lib/listings/listings-store';
import { isListingOwner } from '../../features/listings/ownership';
import { errorMessage } from '../../lib/api-client';
import { selectUser, useSession } from '../../lib/session';

type EditState =
  { status: 'loading' } | { status: 'ready'; listing: Listing } | { status: 'failed'; message: string };

/**
 * /post?edit={id} and /post?relist={id}: the listing to edit or to post again, from the store when it is
 * there, else from the server.
 */
function useSourceListing(editId: number | null): EditState | null {
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
  const relisting = params.has('relist');
  const raw = params.get(relisting ? 'relist' : 'edit');
  const source = useSourceListing(raw && /^\d+$/.test(raw) ? Number(raw) : null);

  let body;
  if (!user)
    body = (
      <div className="empty-state stack">
        <p>Please log in to post a listing.</p>
        <div>
          <LoginPromptButton />
        </div>
      </div>
    );
  else if (!source) body = <ListingForm item={params.get('item') ?? undefined} />;
  else if (source.status === 'loading') body = <p className="muted">Loading listing...</p>;
  else if (source.status === 'failed') body = <p className="error-text">{source.message}</p>;
  else if (!isListingOwner(source.listing, user))
    body = (
      <p className="error-text">
        {relisting ? 'You can only relist your own listings.' : 'You can only edit your own listings.'}
      </p>
    );
  else if (relisting) body = <ListingForm key={`relist-${source.listing.id}`} from={source.listing} />;
  else body = <ListingForm key={source.listing.id} editing={source.listing} />;

  return (
    <div className="stack">
      <h1 className="page-title">Post Listing</h1>
      {body}
    </div>
  );
}
