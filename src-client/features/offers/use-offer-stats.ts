import { useCallback, useEffect, useState } from 'react';
import type { OfferStats } from '../../../src-common/schemas/offer';
import { api } from '../../lib/api-client';
import { onServerEvent } from '../../lib/socket';
import { useLiveLoader } from '../../lib/live-sync';

/**
 * The caller's offer counts (GET /api/offers/stats). Every offer notification changes them, so
 * each one refetches; null until loaded or when the call fails.
 */
export function useOfferStats(enabled: boolean): OfferStats | null {
  const [stats, setStats] = useState<OfferStats | null>(null);
  const load = useCallback(() => {
    if (!enabled) return;
    api.get<OfferStats>('/offers/stats').then(setStats, () => setStats(null));
  }, [enabled]);
  useLiveLoader(load);
  useEffect(() => onServerEvent('notification', load), [load]);
  return stats;
}
