import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TOTAL_COPPER } from '../../../src-common/money';
import type { Offer } from '../../../src-common/schemas/offer';
import { OfferModel } from '../../models/offer';
import { createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectLive, withLive, type LiveClient } from '../../../tests/helpers/live-events';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
let owner: TestUser;
let buyer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  owner = await createUser(server.config);
  buyer = await createUser(server.config);
  stranger = await createUser(server.config);
});
afterAll(() => server.stop());

/** The offer events a live client receives from now on, in order, as `event id [status]`. */
function offerEvents(client: LiveClient): string[] {
  const seen: string[] = [];
  client.socket.on('offer:created', ({ offer }) => seen.push(`offer:created ${offer.id}`));
  client.socket.on('offer:updated', ({ offer }) => seen.push(`offer:updated ${offer.id} ${offer.status}`));
  client.socket.on('offer:deleted', ({ id }) => seen.push(`offer:deleted ${id}`));
  return seen;
}

const listingOf = async (user: TestUser) => (await postListing(server.url, user.token)).id;
const offerOn = async (listingId: number, user = buyer, amount = 900) => {
  const res = await api.post<Offer>(
    '/api/offers',
    { listing_id: listingId, offer_amount: amount },
    user.token,
  );
  expect(res.status).toBe(201);
  return res.body;
};

describe('POST /api/offers', () => {
  it('401 without a session', async () => {
    const listingId = await listingOf(owner);
    expect((await api.post('/api/offers', { listing_id: listingId, offer_amount: 5 })).status).toBe(401);
  });

  it('201 with the presented offer: buyer from the account, pending, version 1, message stripped', async () => {
    const listingId = await listingOf(owner);
    const res = await api.post<Offer>(
      '/api/offers',
      {
        listing_id: listingId,
        offer_amount: 1_500,
        message: `"quick" trade; <script>`,
      },
      buyer.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      listing_id: listingId,
      user_id: buyer.id,
      username: buyer.username,
      user_avatar: null,
      offer_amount: 1_500,
      message: 'quick trade',
      status: 'pending',
      version: 1,
    });
    expect(Date.parse(res.body.created_at)).not.toBeNaN();
  });

  it('400 naming a buyer field given in the body (the buyer is the account), and makes no offer', async () => {
    const before = await OfferModel.countDocuments();
    const res = await api.post(
      '/api/offers',
      { listing_id: 1, offer_amount: 1_500, username: 'Impostor' },
      buyer.token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Unknown field "username": not one this route takes',
      code: 'VALIDATION_ERROR',
      field: 'username',
    });
    expect(await OfferModel.countDocuments()).toBe(before);
  });

  it('404 "Listing not found" for a missing listing', async () => {
    const res = await api.post('/api/offers', { listing_id: 999_999, offer_amount: 5 }, buyer.token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Listing not found');
  });

  it('403 on your own listing', async () => {
    const listingId = await listingOf(owner);
    const res = await api.post('/api/offers', { listing_id: listingId, offer_amount: 5 }, owner.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: 'You cannot make an offer on your own listing',
      code: 'FORBIDDEN',
    });
  });

  it.each([0, -5, 1.5, '100', null, MAX_TOTAL_COPPER + 1])(
    '400 "Please enter a valid offer amount" for %s',
    async (amount) => {
      const listingId = await listingOf(owner);
      const res = await api.post('/api/offers', { listing_id: listingId, offer_amount: amount }, buyer.token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Please enter a valid offer amount',
        code: 'VALIDATION_ERROR',
        field: 'offer_amount',
      });
    },
  );

  it('accepts the largest total amount', async () => {
    const listingId = await listingOf(owner);
    expect((await offerOn(listingId, buyer, MAX_TOTAL_COPPER)).offer_amount).toBe(MAX_TOTAL_COPPER);
  });

  it.each([0, 'abc', 1.5, undefined])('400 naming listing_id for %s', async (listingId) => {
    const res = await api.post('/api/offers', { listing_id: listingId, offer_amount: 5 }, buyer.token);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('listing_id');
  });

  it('400 for a message over 500 characters', async () => {
    const listingId = await listingOf(owner);
    const res = await api.post(
      '/api/offers',
      { listing_id: listingId, offer_amount: 5, message: 'm'.repeat(501) },
      buyer.token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Message can be at most 500 characters', field: 'message' });
  });

  it('publishes offer:created to the listing room and offer_received to the owner', async () => {
    const listingId = await listingOf(owner);
    const watcher = await connectLive(server.url);
    const ownerLive = await connectLive(server.url, owner.token);
    try {
      expect(await watcher.watch(listingId)).toEqual({ ok: true });
      const created = watcher.next('offer:created');
      const note = ownerLive.next('notification');
      const offer = await offerOn(listingId, buyer, 2_000_000);
      expect((await created).offer).toEqual(offer);
      expect(await note).toMatchObject({
        kind: 'offer_received',
        listingId,
        offerId: offer.id,
        message: `${buyer.username} offered 2g for your Empty Gas Leech`,
      });
    } finally {
      watcher.close();
      ownerLive.close();
    }
  });
});

describe('GET /api/offers/listing/:id', () => {
  it('lists the offers, newest first, to anyone', async () => {
    const listingId = await listingOf(owner);
    const first = await offerOn(listingId, buyer, 100);
    const second = await offerOn(listingId, stranger, 200);
    const res = await api.get<Offer[]>(`/api/offers/listing/${listingId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([second, first]);
  });

  it('404 "Listing not found" for a missing listing', async () => {
    const res = await api.get('/api/offers/listing/999999');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Listing not found');
  });
});

describe('PUT /api/offers/:offerId', () => {
  it('401 without a session', async () => {
    const offer = await offerOn(await listingOf(owner));
    expect((await api.put(`/api/offers/${offer.id}`, { action: 'accept' })).status).toBe(401);
  });

  it('403 for anyone but the listing owner, the buyer included', async () => {
    const offer = await offerOn(await listingOf(owner));
    for (const user of [buyer, stranger]) {
      const res = await api.put(`/api/offers/${offer.id}`, { action: 'accept' }, user.token);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Only the listing owner can accept or reject offers');
    }
  });

  it('404 for a missing offer', async () => {
    const res = await api.put('/api/offers/999999', { action: 'accept' }, owner.token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Offer not found');
  });

  it.each([{ action: 'counter' }, {}, { action: 'ACCEPT' }])('400 for %j', async (body) => {
    const offer = await offerOn(await listingOf(owner));
    const res = await api.put(`/api/offers/${offer.id}`, body, owner.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Action must be accept or reject', field: 'action' });
  });

  it('accepts part of a listing: status, version and the live events; other offers that fit and the listing stay', async () => {
    const listingId = (await postListing(server.url, owner.token, { quantity: 3 })).id;
    const other = await api.post<Offer>(
      '/api/offers',
      { listing_id: listingId, offer_amount: 900, quantity: 2 },
      stranger.token,
    );
    const offer = (
      await api.post<Offer>(
        '/api/offers',
        { listing_id: listingId, offer_amount: 900, quantity: 1 },
        buyer.token,
      )
    ).body;
    const watcher = await connectLive(server.url);
    const buyerLive = await connectLive(server.url, buyer.token);
    try {
      await watcher.watch(listingId);
      const updated = watcher.next('offer:updated');
      const note = buyerLive.next('notification');
      const res = await api.put<Offer>(`/api/offers/${offer.id}`, { action: 'accept' }, owner.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: offer.id, status: 'accepted', version: 2 });
      expect((await updated).offer).toEqual(res.body);
      expect(await note).toMatchObject({
        kind: 'offer_accepted',
        offerId: offer.id,
        listingId,
        message: expect.stringMatching(/^Your offer on Empty Gas Leech was accepted: /),
      });
    } finally {
      watcher.close();
      buyerLive.close();
    }
    expect((await OfferModel.findById(other.body.id).lean())?.status).toBe('pending');
    expect((await api.get(`/api/listings/${listingId}`)).body).toMatchObject({
      remainingQuantity: 2,
      status: 'active',
    });
  });

  it('rejects, and tells the buyer', async () => {
    const offer = await offerOn(await listingOf(owner));
    const buyerLive = await connectLive(server.url, buyer.token);
    try {
      const note = buyerLive.next('notification', (n) => n.offerId === offer.id);
      const res = await api.put<Offer>(`/api/offers/${offer.id}`, { action: 'reject' }, owner.token);
      expect(res.body).toMatchObject({ status: 'rejected', version: 2 });
      expect(await note).toMatchObject({
        kind: 'offer_rejected',
        message: 'Your offer on Empty Gas Leech was rejected',
      });
    } finally {
      buyerLive.close();
    }
  });

  it('409 once the offer is no longer pending', async () => {
    const offer = await offerOn(await listingOf(owner));
    await api.put(`/api/offers/${offer.id}`, { action: 'reject' }, owner.token);
    const res = await api.put(`/api/offers/${offer.id}`, { action: 'accept' }, owner.token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'This offer has already been rejected and can no longer be changed.',
      code: 'CONFLICT',
    });
  });

  it('has exactly one winner among 5 concurrent accepts', async () => {
    const offer = await offerOn(await listingOf(owner));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api.put(`/api/offers/${offer.id}`, { action: 'accept' }, owner.token)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const stored = await OfferModel.findById(offer.id).lean();
    expect(stored).toMatchObject({ status: 'accepted', version: 2 });
  });

  it('has exactly one winner between an accept and a reject', async () => {
    const offer = await offerOn(await listingOf(owner));
    const [accept, reject] = await Promise.all([
      api.put<Offer>(`/api/offers/${offer.id}`, { action: 'accept' }, owner.token),
      api.put<Offer>(`/api/offers/${offer.id}`, { action: 'reject' }, owner.token),
    ]);
    expect([accept.status, reject.status].sort()).toEqual([200, 409]);
    const winner = accept.status === 200 ? 'accepted' : 'rejected';
    expect((await OfferModel.findById(offer.id).lean())?.status).toBe(winner);
  });

  it('has exactly one winner between an accept and the buyer cancelling', async () => {
    const offer = await offerOn(await listingOf(owner));
    const [accept, cancel] = await Promise.all([
      api.put(`/api/offers/${offer.id}`, { action: 'accept' }, owner.token),
      api.delete(`/api/offers/${offer.id}`, buyer.token),
    ]);
    const acceptWon = accept.status === 200;
    expect([accept.status, cancel.status]).toEqual(acceptWon ? [200, 409] : [409, 204]);
    const stored = await OfferModel.findById(offer.id).lean();
    if (acceptWon) {
      expect(stored?.status).toBe('accepted');
      expect(cancel.body.error).toBe('This offer has already been accepted and can no longer be changed.');
    } else {
      expect(stored).toBeNull();
      expect(accept.body.error).toBe('This offer has already been cancelled and can no longer be changed.');
    }
  });
});

describe('DELETE /api/offers/:offerId', () => {
  it('401 without a session', async () => {
    const offer = await offerOn(await listingOf(owner));
    expect((await api.delete(`/api/offers/${offer.id}`)).status).toBe(401);
  });

  it('403 for anyone but the buyer, the listing owner included', async () => {
    const offer = await offerOn(await listingOf(owner));
    for (const user of [owner, stranger]) {
      const res = await api.delete(`/api/offers/${offer.id}`, user.token);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('You can only cancel your own offers');
    }
  });

  it('404 for a missing offer', async () => {
    expect((await api.delete('/api/offers/999999', buyer.token)).status).toBe(404);
  });

  it('409 once the offer was accepted', async () => {
    const offer = await offerOn(await listingOf(owner));
    await api.put(`/api/offers/${offer.id}`, { action: 'accept' }, owner.token);
    const res = await api.delete(`/api/offers/${offer.id}`, buyer.token);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This offer has already been accepted and can no longer be changed.');
  });

  it('tells the owner of a buy listing that the offerer is selling to them', async () => {
    const listingId = (await postListing(server.url, owner.token, { type: 'buy' })).id;
    const ownerLive = await connectLive(server.url, owner.token);
    try {
      const received = ownerLive.next('notification', (n) => n.kind === 'offer_received');
      const offer = await offerOn(listingId, buyer, 2_000_000);
      expect(await received).toMatchObject({
        message: `${buyer.username} offered to sell you Empty Gas Leech for 2g`,
      });
      const cancelled = ownerLive.next('notification', (n) => n.kind === 'offer_cancelled');
      expect((await api.delete(`/api/offers/${offer.id}`, buyer.token)).status).toBe(204);
      expect(await cancelled).toMatchObject({
        message: `${buyer.username} cancelled their offer to sell you Empty Gas Leech`,
      });
    } finally {
      ownerLive.close();
    }
  });

  it('deletes a pending offer and publishes offer:deleted and offer_cancelled', async () => {
    const listingId = await listingOf(owner);
    const offer = await offerOn(listingId);
    const watcher = await connectLive(server.url);
    const ownerLive = await connectLive(server.url, owner.token);
    try {
      await watcher.watch(listingId);
      const deleted = watcher.next('offer:deleted');
      const note = ownerLive.next('notification', (n) => n.kind === 'offer_cancelled');
      const res = await api.delete(`/api/offers/${offer.id}`, buyer.token);
      expect(res.status).toBe(204);
      expect(await deleted).toEqual({ id: offer.id, listing_id: listingId });
      expect(await note).toMatchObject({
        offerId: offer.id,
        message: `${buyer.username} cancelled their offer on your Empty Gas Leech`,
      });
    } finally {
      watcher.close();
      ownerLive.close();
    }
    expect(await OfferModel.findById(offer.id).lean()).toBeNull();
  });

  it('has exactly one winner among concurrent cancels', async () => {
    const offer = await offerOn(await listingOf(owner));
    const results = await Promise.all(
      Array.from({ length: 4 }, () => api.delete(`/api/offers/${offer.id}`, buyer.token)),
    );
    // A loser that looks the offer up after the winner deleted it finds nothing (404); one that found it
    // first is refused when its conditional delete finds it gone (409). Either way it changed nothing.
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 204).every((s) => s === 404 || s === 409)).toBe(true);
  });
});

describe("offer events in the maker's own room", () => {
  it("reach the maker's sockets on any listing, once to a socket also watching it, and no other player's", async () => {
    const seller = await createUser(server.config);
    const listingId = await listingOf(seller);
    const players = [buyer.token, buyer.token, stranger.token];
    await withLive(server.url, players, async ([away, watching, other]) => {
      expect(await watching.watch(listingId)).toEqual({ ok: true });
      const heard = [away, watching, other].map(offerEvents);
      const rejected = await offerOn(listingId);
      const cancelled = await offerOn(listingId, buyer, 800);
      const res = await api.put(`/api/offers/${rejected.id}`, { action: 'reject' }, seller.token);
      expect(res.status).toBe(200);
      expect((await api.delete(`/api/offers/${cancelled.id}`, buyer.token)).status).toBe(204);
      // A listing posted after them reaches every socket after everything sent before it.
      const caughtUp = Promise.all(
        [away, watching, other].map((client) =>
          client.next('listing:created', (p) => p.listing.userId === seller.id),
        ),
      );
      await postListing(server.url, seller.token);
      await caughtUp;

      const expected = [
        `offer:created ${rejected.id}`,
        `offer:created ${cancelled.id}`,
        `offer:updated ${rejected.id} rejected`,
        `offer:deleted ${cancelled.id}`,
      ];
      expect(heard).toEqual([expected, expected, []]);
    });
  });
});

describe('GET /api/offers/stats', () => {
  it('401 without a session', async () => {
    expect((await api.get('/api/offers/stats')).status).toBe(401);
  });

  it('counts offers made and received, and of them the accepted and pending ones', async () => {
    // Accepting `received` (for the whole quantity) closes `mine` and rejects the stranger's offer.
    const seller = await createUser(server.config);
    const trader = await createUser(server.config);
    const mine = await listingOf(seller);
    const theirs = await listingOf(trader);
    const received = await offerOn(mine, trader);
    await offerOn(mine, stranger);
    await offerOn(theirs, seller);
    await api.put(`/api/offers/${received.id}`, { action: 'accept' }, seller.token);
    const res = await api.get('/api/offers/stats', seller.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ made: 1, received: 2, accepted: 1, pending: 1 });
  });
});
