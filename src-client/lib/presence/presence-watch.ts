import { useEffect } from 'react';
import type { PresenceAck } from '../../../src-common/events';
import { PRESENCE_IDS_MAX } from '../../../src-common/presence';
import { emitIfConnected, onConnect, onServerEvent } from '../socket';
import { applyPresence } from './presence-store';

/** User id -> how many mounted components show it. */
const shown = new Map<number, number>();
const toWatch = new Set<number>();
const toUnwatch = new Set<number>();
let flushing = false;
let started = false;

const chunks = (ids: number[]) =>
  Array.from({ length: Math.ceil(ids.length / PRESENCE_IDS_MAX) }, (_, i) =>
    ids.slice(i * PRESENCE_IDS_MAX, (i + 1) * PRESENCE_IDS_MAX),
  );

const received = (ack: PresenceAck) => {
  if (ack.ok) applyPresence(ack.presence);
};

/** The watches and unwatches asked during one render are sent together, at most 200 ids a call. */
function flush() {
  flushing = false;
  for (const userIds of chunks([...toUnwatch])) emitIfConnected('presence:unwatch', { userIds });
  toUnwatch.clear();
  for (const userIds of chunks([...toWatch])) emitIfConnected('presence:watch', { userIds }, received);
  toWatch.clear();
}

function schedule() {
  if (flushing) return;
  flushing = true;
  setTimeout(flush, 0);
}

function start() {
  if (started) return;
  started = true;
  onServerEvent('presence:changed', ({ userId, online, lastSeen }) =>
    applyPresence({ [userId]: { online, lastSeen } }),
  );
  // A new connection has no rooms (and the presence it missed is answered again by the watch).
  onConnect(() => {
    for (const id of shown.keys()) toWatch.add(id);
    schedule();
  });
}

/** Watches one user until the returned function is called (counted, so several views may share one). */
export function watchUser(userId: number): () => void {
  start();
  const count = shown.get(userId) ?? 0;
  shown.set(userId, count + 1);
  if (count === 0) {
    if (!toUnwatch.delete(userId)) toWatch.add(userId);
    schedule();
  }
  return () => {
    const left = (shown.get(userId) ?? 1) - 1;
    if (left > 0) return void shown.set(userId, left);
    shown.delete(userId);
    if (!toWatch.delete(userId)) toUnwatch.add(userId);
    schedule();
  };
}

/** Keeps the user's presence current in the store while the calling component is mounted. */
export function useWatchPresence(userId: number | null | undefined): void {
  useEffect(() => (userId ? watchUser(userId) : undefined), [userId]);
}
