import { lazy, Suspense, useState } from 'react';
import { selectIsLoggedIn, useSession } from '../../lib/session';
import type { BrowseFilters } from '../listings/browse-filters';

// Loaded on first use: the dialog brings the shared zod schema, the login popup its forms, and the
// browser's first paint needs neither.
const SaveSearchDialog = lazy(() => import('./save-search-dialog'));
const LoginPopup = lazy(() =>
  import('../auth/login-popup').then((module) => ({ default: module.LoginPopup })),
);

/** "Save this search" on the listing browser: the save dialog, or the login popup when logged out. */
export function SaveSearchButton({ filters }: { filters: BrowseFilters }) {
  const loggedIn = useSession(selectIsLoggedIn);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className="btn small" onClick={() => setOpen(true)}>
        Save this search
      </button>
      {open && (
        <Suspense fallback={null}>
          {loggedIn ? <SaveSearchDialog filters={filters} onClose={close} /> : <LoginPopup onClose={close} />}
        </Suspense>
      )}
    </>
  );
}
