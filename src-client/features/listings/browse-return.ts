import { createContext, useContext } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * The state a listing link carries when it leaves the browser. The listing page's "Back to All Listings"
 * then goes back in history, which returns to the browser's own entry: its filters (in the URL) and its
 * scroll position (restored by the router) as they were. From anywhere else it opens the browser afresh.
 */
const FROM_BROWSE = { fromBrowse: true } as const;

/** What links to a listing carry as navigation state; the browser provides FROM_BROWSE. */
export const ListingLinkState = createContext<typeof FROM_BROWSE | undefined>(undefined);
export const BROWSE_LINK_STATE = FROM_BROWSE;

export function useListingLinkState() {
  return useContext(ListingLinkState);
}

/** The Back link's action: history back when the listing was opened from the browser, else /alllistings. */
export function useBackToBrowse(): () => void {
  const state: unknown = useLocation().state;
  const navigate = useNavigate();
  const fromBrowse = typeof state === 'object' && state !== null && 'fromBrowse' in state;
  return () => {
    if (fromBrowse) navigate(-1);
    else navigate('/alllistings');
  };
}
