import { create } from 'zustand';
import type { Presence, PresenceMap } from '../../../src-common/presence';

/** The presence of every user the page shows, by id (filled by presence-watch.ts). */
export const usePresence = create<{ byId: Readonly<Record<number, Presence>> }>(() => ({ byId: {} }));

/** Merges presence answered by a watch, or one presence:changed. */
export function applyPresence(map: PresenceMap): void {
  usePresence.setState((state) => ({ byId: { ...state.byId, ...map } }));
}

export const selectPresence = (userId: number) => (state: { byId: Readonly<Record<number, Presence>> }) =>
  state.byId[userId];
