import { useEffect } from 'react';
import { onResync, startSocket, watchListing } from './socket';

/**
 * Connects the page once. Called by whatever first needs live data (the shell's indicator, a page); the
 * server's events already reach the stores, bound at start-up in `app/live-events.ts`.
 */
export function ensureLiveSync(): void {
  startSocket();
}

/** Registers a refetch for when a reconnect could not recover missed events. Keep `refetch` stable. */
export function useResync(refetch: () => void): void {
  useEffect(() => {
    ensureLiveSync();
    return onResync(refetch);
  }, [refetch]);
}

/** A view's loader: runs now, again when `load` changes, and after a lost reconnect. Keep `load` stable. */
export function useLiveLoader(load: () => void): void {
  useEffect(() => {
    load();
  }, [load]);
  useResync(load);
}

/** Joins a listing's room for offer events while the view is mounted. */
export function useWatchListing(listingId: number | null): void {
  useEffect(() => {
    if (listingId === null) return;
    ensureLiveSync();
    return watchListing(listingId);
  }, [listingId]);
}
