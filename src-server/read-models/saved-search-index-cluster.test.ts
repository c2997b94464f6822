import { describe, expect, it } from 'vitest';
import { createUser, postListing, TEST_ITEMS, type TestUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { connectSocket, nextEvent, type MarketSocket } from '../../tests/helpers/sockets';
import { useTwoServerProcesses } from '../../tests/helpers/two-processes';

const cluster = useTwoServerProcesses();

const nextMatch = (socket: MarketSocket, timeoutMs?: number) =>
  nextEvent(socket, 'notification', (n) => n.kind === 'saved_search_match', timeoutMs);

/** Posts a wraddock on the other process until the watcher hears of one: the relay has arrived. */
async function untilRelayed(socket: MarketSocket, seller: TestUser): Promise<number | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const heard = nextMatch(socket, 1_000).catch(() => null);
    await postListing(cluster.otherUrl, seller.token, { item: TEST_ITEMS.fish });
    const match = await heard;
    if (match) return match.searchId;
  }
  return null;
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
      expect(await untilRelayed(socket, seller)).toBe(kept.body.id);

      const next = nextMatch(socket);
      await postListing(cluster.otherUrl, seller.token, { item: TEST_ITEMS.plain });
      const wraddock = await postListing(cluster.otherUrl, seller.token, { item: TEST_ITEMS.fish });
      expect((await next).listingId).toBe(wraddock.id);
    } finally {
      socket.close();
    }
  });
});
