import { useEffect, useState } from 'react';
import type { Reputation } from '../../../src-common/schemas/reputation';
import { selectRevision, useReputationSummaries } from '../../lib/reputation-summary-store';
import { reputationApi } from './reputation-api';

/**
 * A trader's reputation, or null while loading, when their stats are private (403) or when it cannot
 * be read: the pages then show nothing rather than an error, since it only adds to them. Read again when
 * the live events say the trader's record changed (refreshSummaries), keeping the figures held till then.
 */
export function useReputation(userId: number | null | undefined): Reputation | null {
  const [loaded, setLoaded] = useState<{ userId: number; reputation: Reputation | null } | null>(null);
  const revision = useReputationSummaries(selectRevision(userId ?? 0));
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
  }, [userId, revision]);
  return loaded && loaded.userId === userId ? loaded.reputation : null;
}
