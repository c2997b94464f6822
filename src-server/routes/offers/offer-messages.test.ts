import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../src-common/errors';
import type { Notification } from '../../../src-common/schemas/notification';
import type { Offer } from '../../../src-common/schemas/offer';
import type { OfferMessage, OfferThread } from '../../../src-common/schemas/offer-message';
import { TradeModel } from '../../models/trade';
import { createAdmin, createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { withLive, type LiveClient } from '../../../tests/helpers/live-events';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { acceptOffer, postOffer } from '../../../tests/helpers/trade-fixture';

let server: TestServer;
let api: ReturnType<typeof http>;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  stranger = await createUser(server.config);
  admin = await createAdmin(server.config);
});
afterAll(() => server.stop());

interface Pair {
  owner: TestUser;
  buyer: TestUser;
  listingId: number;
  offer: Offer;
}

/** A fresh owner and buyer (each test its own, so the message rate limit counts per test) and an offer. */
async function pair(): Promise<Pair> {
  const [owner, buyer] = await Promise.all([createUser(server.config), createUser(server.config)]);
  const listingId = (await postListing(server.url, owner.token, { quantity: 3 })).id;
  const offer = await postOffer(server.url, buyer.token, { listing_id: listingId, offer_amount: 900 });
  return { owner, buyer, listingId, offer };
}

const messagesPath = (offerId: number) => `/api/offers/${offerId}/messages`;
const write = (offerId: number, body: unknown, user?: TestUser) =>
  api.post<OfferMessage & Partial<ErrorBody>>(
    messagesPath(offerId),
    body === undefined ? {} : { body },
    user?.token,
  );
const thread = (offerId: number, user?: TestUser) => api.get<OfferThread>(messagesPath(offerId), user?.token);
const unread = async (user: TestUser) =>
  (await api.get<Record<string, number>>('/api/offers/threads/unread', user.token)).body;
const markRead = (offerId: number, user: TestUser | undefined, body: object = {}) =>
  api.post(`${messagesPath(offerId)}/read`, body, user?.token);

/** Every `offer:message` a socket hears from now on. */
function heard(client: LiveClient): OfferMessage[] {
  const seen: OfferMessage[] = [];
  client.socket.on('offer:message', ({ message }) => seen.push(message));
  return seen;
}

describe('POST /api/offers/{id}/messages', () => {
  it('401 without a session', async () => {
    const { offer } = await pair();
    const res = await write(offer.id, 'hello');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('404 "Offer not found" for an unknown offer or an id that is not one', async () => {
    const { buyer } = await pair();
    for (const id of ['999999', 'abc']) {
      const res = await api.post(`/api/offers/${id}/messages`, { body: 'hello' }, buyer.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Offer not found', code: 'NOT_FOUND' });
    }
  });

  it('403 for anyone but the two traders, admins included (they read only)', async () => {
    const { offer } = await pair();
    for (const user of [stranger, admin]) {
      const res = await write(offer.id, 'hello', user);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: 'Only the two traders can write in this conversation',
        code: 'FORBIDDEN',
      });
    }
    expect((await thread(offer.id, admin)).body.messages).toEqual([]);
  });

  it.each([
    ['', 'Please write a message'],
    ['   ', 'Please write a message'],
    [`";--`, 'Please write a message'],
    ['m'.repeat(1001), 'Message can be at most 1,000 characters'],
    [42, 'Message must be text'],
    [undefined, 'Message must be text'],
  ])('400 naming body for %j', async (body, error) => {
    const { offer, buyer } = await pair();
    const res = await write(offer.id, body, buyer);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, code: 'VALIDATION_ERROR', field: 'body' });
    expect((await thread(offer.id, buyer)).body.messages).toEqual([]);
  });

  it('201 with the message: stripped like notes, up to 1000 characters, the author from the session', async () => {
    const { offer, buyer } = await pair();
    const res = await write(offer.id, `  meet at "the docks"; <script>  `, buyer);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      offerId: offer.id,
      author: { id: buyer.id, username: buyer.username },
      body: 'meet at the docks',
      createdAt: expect.any(String),
    });
    const longest = await write(offer.id, 'x'.repeat(1000), buyer);
    expect(longest.status).toBe(201);
    expect(longest.body.id).toBeGreaterThan(res.body.id);
  });

  it('403 "This player does not take messages." to the first message to a player who turned them off; their own thread takes replies', async () => {
    const { offer, owner, buyer } = await pair();
    const off = await api.post('/api/auth/update-settings', { directMessages: false }, owner.token);
    expect(off.status).toBe(200);
    const refused = await write(offer.id, 'hello?', buyer);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'This player does not take messages.', code: 'FORBIDDEN' });
    expect((await thread(offer.id, owner)).body.messages).toEqual([]);

    expect((await write(offer.id, 'Meet at the docks', owner)).status).toBe(201);
    expect((await write(offer.id, 'On my way', buyer)).status).toBe(201);
    expect((await thread(offer.id, buyer)).body.messages.map((m) => m.body)).toEqual([
      'Meet at the docks',
      'On my way',
    ]);
  });

  it('lets the player with messages off write first, and others write to players who take messages', async () => {
    const { offer, owner, buyer } = await pair();
    await api.post('/api/auth/update-settings', { directMessages: false }, buyer.token);
    expect((await write(offer.id, 'Still available?', buyer)).status).toBe(201);
    expect((await write(offer.id, 'Yes', owner)).status).toBe(201);
  });

  it('reaches every socket of both traders live, and no other socket', async () => {
    const { offer, owner, buyer, listingId } = await pair();
    await withLive(
      server.url,
      [buyer.token, buyer.token, owner.token, stranger.token, admin.token, undefined],
      async ([buyerTab, buyerOtherTab, ownerTab, strangerTab, adminTab, watcher]) => {
        expect(await watcher.watch(listingId)).toEqual({ ok: true });
        expect(await strangerTab.watch(listingId)).toEqual({ ok: true });
        const others = [strangerTab, adminTab, watcher].map(heard);
        const arrivals = [buyerTab, buyerOtherTab, ownerTab].map((tab) => tab.next('offer:message'));
        const res = await write(offer.id, 'Tomorrow at noon?', buyer);
        expect(res.status).toBe(201);
        for (const arrival of await Promise.all(arrivals)) expect(arrival).toEqual({ message: res.body });

        const reply = ownerTab.next('offer:message', ({ message }) => message.author.id === owner.id);
        const buyerHears = buyerTab.next('offer:message', ({ message }) => message.author.id === owner.id);
        const answer = await write(offer.id, 'Noon works', owner);
        expect((await reply).message).toEqual(answer.body);
        expect((await buyerHears).message).toEqual(answer.body);
        expect(others).toEqual([[], [], []]);
      },
    );
  });

  it('notifies the other trader (offer_message), never the author', async () => {
    const { offer, owner, buyer, listingId } = await pair();
    await withLive(server.url, [owner.token, buyer.token], async ([ownerTab, buyerTab]) => {
      const toOwner = ownerTab.next('notification');
      const buyerNotes: Notification[] = [];
      buyerTab.socket.on('notification', (note) => buyerNotes.push(note));
      expect((await write(offer.id, 'Is 900 fine?', buyer)).status).toBe(201);
      expect(await toOwner).toMatchObject({
        kind: 'offer_message',
        listingId,
        offerId: offer.id,
        link: `/listing/${listingId}`,
        message: `${buyer.username} wrote about Empty Gas Leech: Is 900 fine?`,
        read: false,
      });
      const toBuyer = buyerTab.next('notification');
      expect((await write(offer.id, 'Yes', owner)).status).toBe(201);
      expect(await toBuyer).toMatchObject({ kind: 'offer_message', offerId: offer.id });
      expect(buyerNotes.map((note) => note.message)).toEqual([
        `${owner.username} wrote about Empty Gas Leech: Yes`,
      ]);
    });
    const stored = await api.get<Notification[]>('/api/notifications', owner.token);
    expect(stored.body.filter((note) => note.kind === 'offer_message')).toHaveLength(1);
  });

  it('409 once the offer is rejected; the thread stays readable', async () => {
    const { offer, owner, buyer } = await pair();
    expect((await write(offer.id, 'Please?', buyer)).status).toBe(201);
    expect((await api.put(`/api/offers/${offer.id}`, { action: 'reject' }, owner.token)).status).toBe(200);
    for (const user of [buyer, owner]) {
      const res = await write(offer.id, 'One more thing', user);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'This conversation is closed: the offer was rejected.',
        code: 'CONFLICT',
      });
    }
    const after = await thread(offer.id, buyer);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ open: false, closedReason: 'the offer was rejected' });
    expect(after.body.messages.map((m) => m.body)).toEqual(['Please?']);
  });

  it('409 once the offer is cancelled; both traders and admins still read it', async () => {
    const { offer, owner, buyer } = await pair();
    expect((await write(offer.id, 'Changed my mind', buyer)).status).toBe(201);
    expect((await api.delete(`/api/offers/${offer.id}`, buyer.token)).status).toBe(204);
    const res = await write(offer.id, 'Sorry', buyer);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This conversation is closed: the offer was cancelled.');
    for (const user of [buyer, owner, admin]) {
      const read = await thread(offer.id, user);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ open: false, closedReason: 'the offer was cancelled' });
      expect(read.body.messages.map((m) => m.body)).toEqual(['Changed my mind']);
    }
    expect((await thread(offer.id, stranger)).status).toBe(403);
  });

  it('409 for an offer cancelled before any message was written', async () => {
    const { offer, buyer } = await pair();
    expect((await api.delete(`/api/offers/${offer.id}`, buyer.token)).status).toBe(204);
    expect((await write(offer.id, 'Hello?', buyer)).status).toBe(409);
    expect((await thread(offer.id, buyer)).body).toMatchObject({ messages: [], open: false });
  });

  it('stays open after the accept while the trade is open, and closes when the trade leaves open', async () => {
    const { offer, owner, buyer } = await pair();
    await acceptOffer(server.url, offer.id, owner);
    expect((await write(offer.id, 'When do we meet?', buyer)).status).toBe(201);
    expect((await thread(offer.id, owner)).body).toMatchObject({ open: true, closedReason: null });
    for (const [status, reason] of [
      ['completed', 'the trade is completed'],
      ['disputed', 'the trade is disputed'],
      ['cancelled', 'the trade was cancelled'],
    ] as const) {
      await TradeModel.updateOne({ _id: offer.id }, { $set: { status } });
      const res = await write(offer.id, 'Still there?', owner);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(`This conversation is closed: ${reason}.`);
      expect((await thread(offer.id, buyer)).body).toMatchObject({ open: false, closedReason: reason });
    }
    await TradeModel.updateOne({ _id: offer.id }, { $set: { status: 'open' } });
    expect((await write(offer.id, 'Back on', owner)).status).toBe(201);
  });

  it('keeps the thread of a trade whose listing was deleted', async () => {
    const { offer, owner, buyer, listingId } = await pair();
    await acceptOffer(server.url, offer.id, owner);
    expect((await api.delete(`/api/listings/${listingId}`, owner.token)).status).toBe(204);
    expect((await write(offer.id, 'Still on for tonight?', buyer)).status).toBe(201);
    expect((await thread(offer.id, owner)).body.messages.map((m) => m.body)).toEqual([
      'Still on for tonight?',
    ]);
  });

  it('429 after 20 messages in a minute from one account', async () => {
    const { offer, buyer } = await pair();
    for (let i = 1; i <= 20; i += 1) expect((await write(offer.id, `message ${i}`, buyer)).status).toBe(201);
    const res = await write(offer.id, 'one too many', buyer);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(res.body.error).toMatch(/^Too many messages\. Please try again in \d+ seconds\.$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('GET /api/offers/{id}/messages', () => {
  it('401 without a session, 404 for an unknown offer, 403 for a stranger', async () => {
    const { offer } = await pair();
    expect((await thread(offer.id)).status).toBe(401);
    expect((await thread(999_999, stranger)).status).toBe(404);
    const res = await thread(offer.id, stranger);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'Only the two traders and admins can read this conversation',
      code: 'FORBIDDEN',
    });
  });

  it('the whole thread, oldest first, to both traders and to an admin', async () => {
    const { offer, owner, buyer } = await pair();
    const first = (await write(offer.id, 'Hi', buyer)).body;
    const second = (await write(offer.id, 'Hello', owner)).body;
    const third = (await write(offer.id, 'Noon?', buyer)).body;
    for (const user of [buyer, owner, admin]) {
      const res = await thread(offer.id, user);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toMatchObject({ offerId: offer.id, open: true, closedReason: null });
      expect(res.body.messages).toEqual([first, second, third]);
    }
    // Writing marks the author's own thread read up to their message.
    expect((await thread(offer.id, buyer)).body.lastReadId).toBe(third.id);
    expect((await thread(offer.id, owner)).body.lastReadId).toBe(second.id);
    expect((await thread(offer.id, admin)).body.lastReadId).toBe(0);
  });
});

describe('unread messages', () => {
  it("counts the other trader's messages after the read marker, per offer", async () => {
    const { offer, owner, buyer } = await pair();
    const first = (await write(offer.id, 'One', buyer)).body;
    await write(offer.id, 'Two', buyer);
    const third = (await write(offer.id, 'Three', buyer)).body;
    expect(await unread(owner)).toEqual({ [offer.id]: 3 });
    expect(await unread(buyer)).toEqual({});

    const upToFirst = await markRead(offer.id, owner, { upTo: first.id });
    expect(upToFirst.status).toBe(200);
    expect(upToFirst.body).toEqual({ lastReadId: first.id, unread: 2 });
    expect(await unread(owner)).toEqual({ [offer.id]: 2 });

    // The marker never moves back (a late request from an older tab).
    expect((await markRead(offer.id, owner, { upTo: 1 })).body).toEqual({ lastReadId: first.id, unread: 2 });

    expect((await markRead(offer.id, owner)).body).toEqual({ lastReadId: third.id, unread: 0 });
    expect(await unread(owner)).toEqual({});
    expect((await thread(offer.id, owner)).body.lastReadId).toBe(third.id);
  });

  it("a reply marks the author's side read; each thread counts on its own", async () => {
    const a = await pair();
    const bOffer = await postOffer(server.url, stranger.token, {
      listing_id: a.listingId,
      offer_amount: 500,
      quantity: 1,
    });
    await write(a.offer.id, 'From the buyer', a.buyer);
    await write(bOffer.id, 'From the stranger', stranger);
    await write(bOffer.id, 'And again', stranger);
    expect(await unread(a.owner)).toEqual({ [a.offer.id]: 1, [bOffer.id]: 2 });
    await write(bOffer.id, 'Answer', a.owner);
    expect(await unread(a.owner)).toEqual({ [a.offer.id]: 1 });
    expect(await unread(stranger)).toEqual({ [bOffer.id]: 1 });
  });

  it('marking read: 401, 404, 403 for a stranger and for an admin, 400 for a bad upTo', async () => {
    const { offer, buyer } = await pair();
    expect((await markRead(offer.id, undefined)).status).toBe(401);
    expect((await markRead(999_999, buyer)).status).toBe(404);
    for (const user of [stranger, admin]) expect((await markRead(offer.id, user)).status).toBe(403);
    const bad = await markRead(offer.id, buyer, { upTo: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'upTo', code: 'VALIDATION_ERROR' });
    expect((await markRead(offer.id, buyer)).body).toEqual({ lastReadId: 0, unread: 0 });
  });

  it('401 for the unread counts without a session', async () => {
    expect((await api.get('/api/offers/threads/unread')).status).toBe(401);
  });
});
