import { createContext, useContext } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * The state a listing link carries when it leaves the browser. The listing page's "Back to All Listings"
 * then goes back in history, which returns to the browser's own entry: its filters (in the URL) and its
 * scroll position (restored by the router) as they were. From anywhere else it opens the browser afresh.
 * `filtered` says whether that entry was narrowed by a search or filters, so the page can also offer all
 * listings without them.
 */
interface BrowseLinkState {
  fromBrowse: true;
  filtered: boolean;
}
const FROM_BROWSE: BrowseLinkState = { fromBrowse: true, filtered: false };
const FROM_FILTERED_BROWSE: BrowseLinkState = { fromBrowse: true, filtered: true };

/** What links to a listing carry as navigation state; the browser provides browseLinkState(...). */
export const ListingLinkState = createContext<BrowseLinkState | undefined>(undefined);
export const browseLinkState = (filtered: boolean) => (filtered ? FROM_FILTERED_BROWSE : FROM_BROWSE);

export function useListingLinkState() {
  return useContext(ListingLinkState);
}

/**
 * The Back link's action (history back when the listing was opened from the browser, else /alllistings),
 * and whether that goes back to a filtered browser.
 */
export function useBackToBrowse(): { back(): void; filtered: boolean } {
  const state: unknown = useLocation().state;
  const navigate = useNavigate();
  const fromBrowse = typeof state === 'object' && state !== null && 'fromBrowse' in state;
  const filtered = fromBrowse && 'filtered' in state && state.filtered === true;
  return {
    back: () => {
      if (fromBrowse) navigate(-1);
      else navigate('/alllistings');
    },
    filtered,
  };
}
