import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyOffer } from '../../../src-common/schemas/my-offers';
import type { Notification } from '../../../src-common/schemas/notification';
import type { Trade } from '../../../src-common/schemas/trade';
import { IGN_CHARACTERS_MESSAGE } from '../../../src-common/schemas/ign';
import {
  createAdmin,
  createUser,
  postListing,
  TEST_ITEMS,
  type TestUser,
} from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectSocket, nextEvent, watchListing, type MarketSocket } from '../../../tests/helpers/sockets';
import { acceptOffer, postOffer } from '../../../tests/helpers/trade-fixture';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
let seller: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let admin: TestUser;

const SELLER_IGN = 'Seller Sam';
const BUYER_IGN = 'Buyer#4711';

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  [seller, buyer, stranger] = await Promise.all([0, 1, 2].map(() => createUser(server.config)));
  admin = await createAdmin(server.config);
});
afterAll(() => server.stop());

const setIgn = (user: TestUser, ign: unknown) => api.post('/api/auth/update-settings', { ign }, user.token);

/** Every event a socket receives, as JSON, to check what never reached it. */
function everything(socket: MarketSocket): string[] {
  const seen: string[] = [];
  socket.onAny((event: string, ...args: unknown[]) => seen.push(`${event} ${JSON.stringify(args)}`));
  return seen;
}

describe('POST /api/auth/update-settings with ign', () => {
  it('saves the in-game name trimmed, shows it in /api/auth/me, and clears it with blank or null', async () => {
    const user = await createUser(server.config);
    const saved = await setIgn(user, '  Bo   Bold # 12 ');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ign: 'Bo Bold#12', settings: { showOnline: true } });
    expect((await api.get('/api/auth/me', user.token)).body).toMatchObject({ ign: 'Bo Bold#12' });

    expect((await setIgn(user, '  ')).body).toMatchObject({ ign: null });
    await setIgn(user, 'Again');
    expect((await setIgn(user, null)).body).toMatchObject({ ign: null });
    expect((await api.get('/api/auth/me', user.token)).body).toMatchObject({ ign: null });
  });

  it('keeps the in-game name when only a checkbox changes', async () => {
    const user = await createUser(server.config);
    await setIgn(user, 'Keeper');
    const res = await api.post('/api/auth/update-settings', { statsPublic: false }, user.token);
    expect(res.body).toMatchObject({ ign: 'Keeper', settings: { statsPublic: false } });
  });

  it.each([
    ['punctuation', 'Bo_Bold', IGN_CHARACTERS_MESSAGE],
    ['a # without a number', 'Bo#', IGN_CHARACTERS_MESSAGE],
    [
      'a name over 20 characters',
      'A'.repeat(21),
      'In-game name can be at most 20 characters (not counting its #number)',
    ],
    ['a number', 42, 'In-game name must be text'],
  ])('400 naming ign for %s, and nothing saved', async (_label, ign, message) => {
    const user = await createUser(server.config);
    await setIgn(user, 'Before');
    const res = await setIgn(user, ign);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'VALIDATION_ERROR', field: 'ign' });
    expect((await api.get('/api/auth/me', user.token)).body).toMatchObject({ ign: 'Before' });
  });

  it('401 for a visitor', async () => {
    expect((await api.post('/api/auth/update-settings', { ign: 'Nobody' })).status).toBe(401);
  });
});

describe('the in-game names after an accept', () => {
  it('go to the two parties only, over REST and live; the accept notification says what was agreed', async () => {
    await setIgn(seller, SELLER_IGN);
    await setIgn(buyer, BUYER_IGN);
    const listing = await postListing(server.url, seller.token, { quantity: 5, item: TEST_ITEMS.plain });
    const [sellerLive, buyerLive, strangerLive, visitorLive] = await Promise.all([
      connectSocket(server.url, seller.token),
      connectSocket(server.url, buyer.token),
      connectSocket(server.url, stranger.token),
      connectSocket(server.url),
    ]);
    const sockets = [sellerLive, buyerLive, strangerLive, visitorLive];
    try {
      await Promise.all(sockets.map((socket) => watchListing(socket, listing.id)));
      const strangerSaw = everything(strangerLive);
      const visitorSaw = everything(visitorLive);
      const offer = await postOffer(server.url, buyer.token, {
        listing_id: listing.id,
        offer_amount: 2_500_000,
        quantity: 2,
      });
      const accepted = nextEvent(
        buyerLive,
        'notification',
        (n) => n.kind === 'offer_accepted' && n.offerId === offer.id,
      );
      await acceptOffer(server.url, offer.id, seller);
      const note = await accepted;
      expect(note.agreement).toEqual({
        tradeId: offer.id,
        item: TEST_ITEMS.plain,
        quantity: 2,
        amount: 2_500_000,
        counterparty: { id: seller.id, username: seller.username, ign: SELLER_IGN },
      });
      expect(note.message).toBe(
        `Your offer on ${TEST_ITEMS.plain} was accepted: 2 ${TEST_ITEMS.plain} for 2g 500s with ` +
          `${seller.username}. ${seller.username}'s in-game name is ${SELLER_IGN}. ` +
          'Meet in game to trade, then confirm the trade in My Trades.',
      );
      const stored = await api.get<Notification[]>('/api/notifications', buyer.token);
      expect(stored.body.find((n) => n.id === note.id)).toEqual(note);

      // The parties: each reads both names on the trade, by listing and by id.
      const parties = { buyer: { ign: BUYER_IGN }, seller: { ign: SELLER_IGN } };
      const forBuyer = await api.get<Trade[]>(`/api/trades?listingId=${listing.id}`, buyer.token);
      expect(forBuyer.body).toMatchObject([parties]);
      const forSeller = await api.get<Trade>(`/api/trades/${offer.id}`, seller.token);
      expect(forSeller.body).toMatchObject(parties);

      // Live: a change of the trade reaches both parties with the names.
      const sellerHears = nextEvent(sellerLive, 'trade:updated');
      const buyerHears = nextEvent(buyerLive, 'trade:updated');
      expect((await api.post(`/api/trades/${offer.id}/confirm`, {}, buyer.token)).status).toBe(200);
      expect((await sellerHears).trade).toMatchObject(parties);
      expect((await buyerHears).trade).toMatchObject(parties);

      // Anyone else: an admin reads the trade without names, a third player is refused.
      const forAdmin = await api.get<Trade>(`/api/trades/${offer.id}`, admin.token);
      expect(forAdmin.status).toBe(200);
      expect(forAdmin.body.buyer).toEqual({ id: buyer.id, username: buyer.username });
      expect(forAdmin.body.seller).toEqual({ id: seller.id, username: seller.username });
      expect((await api.get(`/api/trades/${offer.id}`, stranger.token)).status).toBe(403);
      expect((await api.get<Trade[]>(`/api/trades?listingId=${listing.id}`, stranger.token)).body).toEqual(
        [],
      );
      const publicReads = await Promise.all(
        [
          `/api/listings/${listing.id}`,
          `/api/offers/listing/${listing.id}`,
          `/api/profile/${seller.id}`,
        ].flatMap((path) => [api.get(path), api.get(path, stranger.token)]),
      );
      // A later event on the listing's room, so the third player's and the visitor's sockets are past it all.
      const strangerCaughtUp = nextEvent(strangerLive, 'offer:created');
      const visitorCaughtUp = nextEvent(visitorLive, 'offer:created');
      await postOffer(server.url, stranger.token, {
        listing_id: listing.id,
        offer_amount: 1000,
        quantity: 1,
      });
      await Promise.all([strangerCaughtUp, visitorCaughtUp]);
      for (const text of [...publicReads.map((r) => JSON.stringify(r.body)), ...strangerSaw, ...visitorSaw]) {
        expect(text).not.toContain(SELLER_IGN);
        expect(text).not.toContain(BUYER_IGN);
      }
      expect(strangerSaw.some((line) => line.startsWith('offer:updated'))).toBe(true);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('the accept notification says when the other party has not set an in-game name', async () => {
    const owner = await createUser(server.config);
    const listing = await postListing(server.url, owner.token, { quantity: 1, item: TEST_ITEMS.fish });
    const offer = await postOffer(server.url, buyer.token, { listing_id: listing.id, offer_amount: 1500 });
    await acceptOffer(server.url, offer.id, owner);
    const notes = (await api.get<Notification[]>('/api/notifications', buyer.token)).body;
    const note = notes.find((n) => n.kind === 'offer_accepted' && n.offerId === offer.id)!;
    expect(note.agreement).toMatchObject({
      quantity: 1,
      amount: 1500,
      counterparty: { id: owner.id, ign: null },
    });
    expect(note.message).toContain(`1 ${TEST_ITEMS.fish} for 1s 500c with ${owner.username}`);
    expect(note.message).toContain(`${owner.username} has not set an in-game name yet.`);
    // Other kinds carry no agreement.
    expect(notes.filter((n) => n.kind !== 'offer_accepted').every((n) => n.agreement === null)).toBe(true);
  });
});

describe('GET /api/offers/mine', () => {
  it("lists the caller's offers, every status, newest first, paged, and only the caller's", async () => {
    const maker = await createUser(server.config);
    const owner = await createUser(server.config);
    const listings = await Promise.all(
      [TEST_ITEMS.plain, TEST_ITEMS.fish, TEST_ITEMS.plain, TEST_ITEMS.fish].map((item) =>
        postListing(server.url, owner.token, { quantity: 3, item }),
      ),
    );
    const offers = [];
    for (const [i, listing] of listings.entries()) {
      offers.push(
        await postOffer(server.url, maker.token, {
          listing_id: listing.id,
          offer_amount: 1000 * (i + 1),
          quantity: 1,
        }),
      );
    }
    const [pending, toAccept, toReject, toCancel] = offers;
    await acceptOffer(server.url, toAccept.id, owner);
    expect((await api.put(`/api/offers/${toReject.id}`, { action: 'reject' }, owner.token)).status).toBe(200);
    expect((await api.delete(`/api/offers/${toCancel.id}`, maker.token)).status).toBe(204);
    // Someone else's offer on the same listing is not the caller's.
    await postOffer(server.url, stranger.token, {
      listing_id: listings[0].id,
      offer_amount: 999,
      quantity: 1,
    });

    const all = await api.get<MyOffer[]>('/api/offers/mine', maker.token);
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe('4');
    expect(all.body.map((o) => [o.id, o.status])).toEqual([
      [toCancel.id, 'cancelled'],
      [toReject.id, 'rejected'],
      [toAccept.id, 'accepted'],
      [pending.id, 'pending'],
    ]);
    expect(all.body[0]).toMatchObject({
      listing_id: listings[3].id,
      item: TEST_ITEMS.fish,
      listing_type: 'sell',
      quantity: 1,
      offer_amount: 4000,
      rejection_reason: null,
      created_at: toCancel.created_at,
      version: toCancel.version + 1,
    });
    expect(all.body[3]).toMatchObject({ item: TEST_ITEMS.plain, offer_amount: 1000, status: 'pending' });

    const page = await api.get<MyOffer[]>('/api/offers/mine?limit=2&offset=1', maker.token);
    expect(page.headers.get('x-total-count')).toBe('4');
    expect(page.body.map((o) => o.id)).toEqual([toReject.id, toAccept.id]);

    const cancelled = await api.get<MyOffer[]>('/api/offers/mine?status=cancelled', maker.token);
    expect(cancelled.headers.get('x-total-count')).toBe('1');
    expect(cancelled.body.map((o) => o.id)).toEqual([toCancel.id]);

    const owners = await api.get<MyOffer[]>('/api/offers/mine', owner.token);
    expect(owners.body).toEqual([]);
    expect(owners.headers.get('x-total-count')).toBe('0');
  });

  it('400 naming a bad parameter, 401 for a visitor, 405 for another method', async () => {
    const bad = await api.get('/api/offers/mine?status=won', buyer.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'status' });
    expect((await api.get('/api/offers/mine?limit=0', buyer.token)).body).toMatchObject({ field: 'limit' });
    expect((await api.get('/api/offers/mine')).status).toBe(401);
    expect((await api.delete('/api/offers/mine', buyer.token)).status).toBe(405);
  });
});
