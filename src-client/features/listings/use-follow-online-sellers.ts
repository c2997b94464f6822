import { useEffect, useMemo } from 'react';
import { onServerEvent } from '../../lib/socket';
import { listingActions, selectBrowse, selectListingsById, useListings } from './listings-store';

/** Several sellers changing at once cost one refetch. */
const SETTLE_MS = 300;

/**
 * With "Online sellers" on, the results follow presence: a seller shown going offline, or a seller the
 * page watches (every card watches its seller) coming online, refetches the page. The server answers
 * from its listing index, which follows presence itself.
 */
export function useFollowOnlineSellers(active: boolean): void {
  const browse = useListings(selectBrowse);
  const byId = useListings(selectListingsById);
  const shown = useMemo(
    () => new Set(browse.ids.map((id) => byId[id]?.userId).filter((id) => id !== undefined)),
    [browse.ids, byId],
  );
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onServerEvent('presence:changed', ({ userId, online }) => {
      if (online === shown.has(userId)) return;
      clearTimeout(timer);
      timer = setTimeout(listingActions.reloadBrowse, SETTLE_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [active, shown]);
}
