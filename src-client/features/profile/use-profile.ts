import { useCallback, useMemo, useState } from 'react';
import type { Listing } from '../../../src-common/schemas/listing';
import type { ProfileResponse } from '../../../src-common/schemas/profile';
import type { LoadStatus } from '../../components/load-state/load-state';
import { api, ApiError } from '../../lib/api-client';
import { useLiveLoader } from '../../lib/live-sync';
import { listingActions, selectListingsById, useListings } from '../../lib/listings/listings-store';

export type LoadedProfile = { userId: number } & (
  | { status: 'ready'; data: ProfileResponse }
  | { status: 'missing'; message: string }
  | { status: 'error'; message: string }
);

/** A user's live listings, newest first, derived from the one listings store. */
export function useUserListings(userId: number | null): Listing[] {
  const byId = useListings(selectListingsById);
  return useMemo(
    () =>
      Object.values(byId)
        .filter((l) => l.userId === userId)
        .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id),
    [byId, userId],
  );
}

/**
 * GET /api/profile/{userId}; its listings go into the listings store (complete for that user), so
 * socket events keep them current. 404 is 'missing' ("Profile not found"); other failures are 'error'
 * ("Failed to load profile"), which `reload` tries again.
 */
export interface ProfileView {
  /** Null while loading. */
  loaded: LoadedProfile | null;
  listings: Listing[];
  reload(): void;
}

export function useProfile(userId: number | null): ProfileView {
  const [loaded, setLoaded] = useState<LoadedProfile | null>(null);
  const load = useCallback(() => {
    if (userId === null) return;
    const startedAt = listingActions.clock();
    setLoaded((held) => (held?.status === 'error' ? null : held));
    api.get<ProfileResponse>(`/profile/${encodeURIComponent(userId)}`).then(
      (data) => {
        listingActions.syncUser(userId, data.listings, startedAt);
        setLoaded({ userId, status: 'ready', data });
      },
      (err: unknown) => {
        setLoaded(
          err instanceof ApiError && err.status === 404
            ? { userId, status: 'missing', message: 'Profile not found' }
            : { userId, status: 'error', message: 'Failed to load profile' },
        );
      },
    );
  }, [userId]);
  useLiveLoader(load);
  const listings = useUserListings(userId);
  const current = loaded?.userId === userId ? loaded : null;
  return { loaded: current, listings, reload: load };
}

/** The shared loading/error/ready shape for a profile view (a missing profile counts as answered). */
export function profileLoadStatus(loaded: LoadedProfile | null): LoadStatus {
  if (!loaded) return 'loading';
  return loaded.status === 'error' ? 'error' : 'ready';
}
