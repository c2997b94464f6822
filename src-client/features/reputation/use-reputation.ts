import { useEffect, useState } from 'react';
import type { Reputation } from '../../../src-common/schemas/reputation';
import { reputationApi } from './reputation-api';

/**
 * A trader's reputation, or null while loading, when their stats are private (403) or when it cannot
 * be read: the pages then show nothing rather than an error, since it only adds to them.
 */
export function useReputation(userId: number | null | undefined): Reputation | null {
  const [loaded, setLoaded] = useState<{ userId: number; reputation: Reputation | null } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    reputationApi.get(userId).then(
      (reputation) => live && setLoaded({ userId, reputation }),
      () => live && setLoaded({ userId, reputation: null }),
    );
    return () => {
      live = false;
    };
  }, [userId]);
  return loaded && loaded.userId === userId ? loaded.reputation : null;
}
