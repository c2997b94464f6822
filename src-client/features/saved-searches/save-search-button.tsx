import { lazy, Suspense, useState } from 'react';
import { selectIsLoggedIn, useSession } from '../../lib/session';
import { loginPrompt } from '../../lib/login-prompt';
import type { BrowseFilters } from '../../lib/listings/browse-filters';

// Loaded on first use: the dialog brings the shared zod schema, and the browser's first paint needs none.
const SaveSearchDialog = lazy(() => import('./save-search-dialog'));

/** "Save this search" on the listing browser: the save dialog, or the shell's login popup when logged out. */
export function SaveSearchButton({ filters }: { filters: BrowseFilters }) {
  const loggedIn = useSession(selectIsLoggedIn);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn small"
        onClick={() => (loggedIn ? setOpen(true) : loginPrompt.show())}
      >
        Save this search
      </button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog filters={filters} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
