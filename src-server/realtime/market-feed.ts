import { marketRoom } from '../../src-common/schemas/market';
import type { MarketData } from '../read-models/market';
import type { RealtimeServer } from './realtime-server';

/** market:book goes out at most this often per item, as docs/realtime.md promises its watchers. */
export const BOOK_EVERY_MS = 250;

export interface MarketFeed {
  /** The item's book (listings or trades) may have changed; null: every book may have. */
  changed(item: string | null): void;
}

/**
 * Sends `market:book` to this process's watchers of an item after its book changes, at most once per
 * BOOK_EVERY_MS: the first change waits out what is left of the interval since the last send, later
 * changes ride along, and the book is read when it is sent, so it is the newest. Every process learns
 * every listing change (the listing index relay, read-model-updater.ts), so each one serves only its own sockets
 * (`io.local`) and a watcher hears of a change once, whichever process made it.
 */
export function createMarketFeed(io: RealtimeServer, market: MarketData): MarketFeed {
  const pending = new Map<string, NodeJS.Timeout>();
  const lastSent = new Map<string, number>();
  const rooms = io.of('/').adapter.rooms;
  const watched = (item: string) => (rooms.get(marketRoom(item))?.size ?? 0) > 0;

  const send = (item: string) => {
    pending.delete(item);
    lastSent.set(item, Date.now());
    const book = market.item(item);
    if (book && watched(item)) io.local.to(marketRoom(item)).emit('market:book', { item, book });
  };

  const schedule = (item: string) => {
    if (pending.has(item) || !watched(item)) return;
    const wait = Math.max(0, (lastSent.get(item) ?? -Infinity) + BOOK_EVERY_MS - Date.now());
    pending.set(item, setTimeout(() => send(item), wait).unref());
  };

  return {
    changed(item) {
      if (item !== null) return schedule(item);
      for (const room of rooms.keys()) {
        if (room.startsWith('market:')) schedule(room.slice('market:'.length));
      }
    },
  };
}
