import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketData } from '../read-models/market';
import { BOOK_EVERY_MS, createMarketFeed } from './market-feed';
import type { RealtimeServer } from './realtime-server';

/** A Socket.IO server stand-in: which rooms have local sockets, and what was sent to them when. */
function fakeServer(watchedRooms: string[]) {
  const sent: { at: number; room: string; ask: number }[] = [];
  const rooms = new Map(watchedRooms.map((room) => [room, new Set(['socket'])]));
  const io = {
    of: () => ({ adapter: { rooms } }),
    local: {
      to: (room: string) => ({
        emit: (_event: string, payload: { book: { bestAsk: number } }) =>
          sent.push({ at: Date.now(), room, ask: payload.book.bestAsk }),
      }),
    },
  } as unknown as RealtimeServer;
  return { io, sent };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('market:book coalescing', () => {
  it('sends at most one book per item every 250 ms, read when it is sent', () => {
    vi.useFakeTimers({ now: 1_000 });
    let bestAsk = 10;
    const market = { item: (item: string) => ({ item, bestAsk }) } as unknown as MarketData;
    const { io, sent } = fakeServer(['market:A', 'market:B']);
    const feed = createMarketFeed(io, market);

    feed.changed('A');
    bestAsk = 9;
    feed.changed('A');
    vi.advanceTimersByTime(0);
    expect(sent).toEqual([{ at: 1_000, room: 'market:A', ask: 9 }]);

    vi.advanceTimersByTime(100);
    feed.changed('A');
    bestAsk = 8;
    feed.changed('B');
    vi.advanceTimersByTime(0);
    expect(sent.map((s) => s.room)).toEqual(['market:A', 'market:B']);
    vi.advanceTimersByTime(BOOK_EVERY_MS - 101);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent[2]).toEqual({ at: 1_000 + BOOK_EVERY_MS, room: 'market:A', ask: 8 });

    vi.advanceTimersByTime(1_000);
    feed.changed('A');
    vi.advanceTimersByTime(0);
    expect(sent).toHaveLength(4);
  });

  it('sends nothing for an item nobody on this process watches, and every watched book after a reload', () => {
    vi.useFakeTimers({ now: 0 });
    const market = { item: (item: string) => ({ item, bestAsk: 1 }) } as unknown as MarketData;
    const { io, sent } = fakeServer(['market:A', 'listing:5']);
    const feed = createMarketFeed(io, market);
    feed.changed('Z');
    feed.changed(null);
    vi.advanceTimersByTime(0);
    expect(sent.map((s) => s.room)).toEqual(['market:A']);
  });
});
