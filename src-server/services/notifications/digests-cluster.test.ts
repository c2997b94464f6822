import { describe, expect, it, vi } from 'vitest';
import type { Offer } from '../../../src-common/schemas/offer';
import { NotificationModel } from '../../models/notification';
import { createUser, postListing } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectSocket, nextEvent } from '../../../tests/helpers/sockets';
import { useTwoServerProcesses } from '../../../tests/helpers/two-processes';

/* "Away" means no socket of the user on any process: asked through the Redis adapter. */

const cluster = useTwoServerProcesses();
const pendingOf = async (offerId: number) =>
  (await NotificationModel.findOne({ offerId }).lean())!.mailPending;

describe('email while away, with two server processes', () => {
  it('a socket on the other process counts as connected; once it is gone the next notification waits for a digest', async () => {
    const { server } = cluster;
    const api = http(server.url);
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const listing = await postListing(server.url, seller.token);
    const remote = await connectSocket(cluster.otherUrl, seller.token);

    const heard = nextEvent(remote, 'notification', (n) => n.listingId === listing.id);
    const first = await api.post<Offer>(
      '/api/offers',
      { listing_id: listing.id, offer_amount: 900 },
      buyer.token,
    );
    expect(await heard).toMatchObject({ kind: 'offer_received', offerId: first.body.id, read: false });
    expect(await pendingOf(first.body.id)).toBeUndefined();

    const gone = new Promise<void>((resolve) => remote.once('disconnect', () => resolve()));
    remote.close();
    await gone;
    // The other process learns of the close a moment after the client does.
    await vi.waitFor(async () => expect(await server.deps.publisher.isConnected(seller.id)).toBe(false));
    const second = await api.post<Offer>(
      '/api/offers',
      { listing_id: listing.id, offer_amount: 950 },
      buyer.token,
    );
    expect(await pendingOf(second.body.id)).toBe(true);
  });
});
