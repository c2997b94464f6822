import { describe, expect, it } from 'vitest';
import { createUser, postListing, TEST_ITEMS, type TestUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { connectSocket, nextEvent, type MarketSocket } from '../../tests/helpers/sockets';
import { useTwoServerProcesses } from '../../tests/helpers/two-processes';

const cluster = useTwoServerProcesses();

/** The next saved-search alert, leaving out those for the listings in `ignored`. */
const nextMatch = (socket: MarketSocket, timeoutMs?: number, ignored: ReadonlySet<number> = new Set()) =>
  nextEvent(
    socket,
    'notification',
    (n) => n.kind === 'saved_search_match' && (n.listingId === null || !ignored.has(n.listingId)),
    timeoutMs,
  );

/**
 * Posts a wraddock on the other process until the watcher hears of one: the relay has arrived. Also
 * what it posted, whose alerts may still come in after it returns (one that came later than its wait).
 */
async function untilRelayed(socket: MarketSocket, seller: TestUser) {
  const posted = new Set<number>();
  for (let attempt = 0; attempt < 20; attempt++) {
    const heard = nextMatch(socket, 1_000).catch(() => null);
    posted.add((await postListing(cluster.otherUrl, seller.token, { item: TEST_ITEMS.fish })).id);
    const match = await heard;
    if (match) return { searchId: match.searchId, posted };
  }
  return { searchId: null, posted };
}

describe('saved searches with several server processes', () => {
  it('searches saved and deleted on one process decide the alerts for listings posted on the other', async () => {
    const watcher = await createUser(cluster.server.config);
    const seller = await createUser(cluster.server.config);
    const api = http(cluster.server.url);
    const socket = await connectSocket(cluster.server.url, watcher.token);
    try {
      const gone = await api.post(
        '/api/saved-searches',
        { name: 'leeches', filters: { q: 'gas leech' } },
        watcher.token,
      );
      expect((await api.delete(`/api/saved-searches/${gone.body.id}`, watcher.token)).status).toBe(204);
      const kept = await api.post(
        '/api/saved-searches',
        { name: 'wraddock', filters: { q: 'wraddock' } },
        watcher.token,
      );
      // Relays arrive in the order they were sent: once the last is known, the deletion is too.
      const relayed = await untilRelayed(socket, seller);
      expect(relayed.searchId).toBe(kept.body.id);

      const next = nextMatch(socket, undefined, relayed.posted);
      await postListing(cluster.otherUrl, seller.token, { item: TEST_ITEMS.plain });
      const wraddock = await postListing(cluster.otherUrl, seller.token, { item: TEST_ITEMS.fish });
      expect((await next).listingId).toBe(wraddock.id);
    } finally {
      socket.close();
    }
  });
});
