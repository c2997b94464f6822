import { useCallback, useMemo, useState } from 'react';
import type { Listing } from '../../../src-common/schemas/listing';
import type { ProfileResponse } from '../../../src-common/schemas/profile';
import { api, ApiError } from '../../lib/api-client';
import { useLiveLoader } from '../live/live-sync';
import { listingActions, selectListingsById, useListings } from '../listings/listings-store';

export type LoadedProfile = { userId: number } & (
  { status: 'ready'; data: ProfileResponse } | { status: 'missing'; message: string }
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
 * socket events keep them current. 404 reads "Profile not found", other failures "Failed to load profile".
 */
export interface ProfileView {
  /** Null while loading. */
  loaded: LoadedProfile | null;
  listings: Listing[];
}

export function useProfile(userId: number | null): ProfileView {
  const [loaded, setLoaded] = useState<LoadedProfile | null>(null);
  const load = useCallback(() => {
    if (userId === null) return;
    const startedAt = listingActions.clock();
    api.get<ProfileResponse>(`/profile/${encodeURIComponent(userId)}`).then(
      (data) => {
        listingActions.syncUser(userId, data.listings, startedAt);
        setLoaded({ userId, status: 'ready', data });
      },
      (err: unknown) => {
        const message =
          err instanceof ApiError && err.status === 404 ? 'Profile not found' : 'Failed to load profile';
        setLoaded({ userId, status: 'missing', message });
      },
    );
  }, [userId]);
  useLiveLoader(load);
  const listings = useUserListings(userId);
  const current = loaded?.userId === userId ? loaded : null;
  return { loaded: current, listings };
}
