import { setTimeout as pause } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createUser, postListing, type TestUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { useTwoServerProcesses } from '../../tests/helpers/two-processes';

const cluster = useTwoServerProcesses();

/**
 * How many of the seller's listings the viewer's browse on the other process shows, once it shows
 * `expected` (a relay has no event a client can wait for, so the answer is asked again until it comes).
 */
async function shownOnOther(viewer: TestUser, seller: TestUser, expected: number): Promise<number> {
  const api = http(cluster.otherUrl);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await api.get(
      `/api/listings?q=${encodeURIComponent(seller.username)}&limit=10`,
      viewer.token,
    );
    const total = Number(res.headers.get('x-total-count'));
    if (total === expected || Date.now() > deadline) return total;
    await pause(50);
  }
}

describe('blocks with several server processes', () => {
  it('a block made on one process hides listings and refuses offers on the other, and its lifting too', async () => {
    const { config, url } = cluster.server;
    const [a, b] = [await createUser(config), await createUser(config)];
    const api = http(url);
    const ofA = await postListing(url, a.token);
    await postListing(url, b.token);
    expect(await shownOnOther(a, b, 1)).toBe(1);

    expect((await api.post(`/api/users/${b.id}/block`, undefined, a.token)).status).toBe(200);
    expect(await shownOnOther(a, b, 0)).toBe(0);
    const refused = await http(cluster.otherUrl).post(
      '/api/offers',
      { listing_id: ofA.id, offer_amount: 5 },
      b.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'BLOCKED' });

    expect((await api.delete(`/api/users/${b.id}/block`, a.token)).status).toBe(204);
    expect(await shownOnOther(a, b, 1)).toBe(1);
  });
});
