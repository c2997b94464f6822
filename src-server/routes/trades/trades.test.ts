import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../../../src-common/schemas/listing';
import type { MarketBook } from '../../../src-common/schemas/market';
import type { Notification } from '../../../src-common/schemas/notification';
import type { Reputation } from '../../../src-common/schemas/reputation';
import type { Trade } from '../../../src-common/schemas/trade';
import { DAY_MS } from '../../../src-common/trade-lifecycle';
import { ReportModel } from '../../models/report';
import { TradeModel } from '../../models/trade';
import { OpenTradeModel, TradeBookModel, type TradeBookDoc } from '../../models/trade-books';
import {
  createAdmin,
  createUser,
  postListing,
  TEST_ITEMS,
  type TestUser,
} from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { withLive } from '../../../tests/helpers/live-events';
import { acceptedTrade, acceptOffer, postOffer } from '../../../tests/helpers/trade-fixture';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
let seller: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  [seller, buyer, stranger] = await Promise.all([0, 1, 2].map(() => createUser(server.config)));
  admin = await createAdmin(server.config);
});
afterAll(() => server.stop());

/** A sell listing of `seller`'s (or `owner`'s), an offer on it by `buyer` (or `from`), accepted: its trade. */
const tradeOn = ({
  owner = seller,
  from = buyer,
  offer: offered,
  ...options
}: { quantity?: number; offer?: number; item?: string; from?: TestUser; owner?: TestUser } = {}) =>
  acceptedTrade(server.url, owner, from, { ...options, offered });

const act = (trade: Trade, action: 'confirm' | 'cancel', user: TestUser) =>
  api.post<Trade>(`/api/trades/${trade.id}/${action}`, {}, user.token);
const dispute = (trade: Trade, user: TestUser, reason = 'The items never came') =>
  api.post<Trade>(`/api/trades/${trade.id}/dispute`, { reason }, user.token);
const feedback = (trade: Trade, user: TestUser, body: Record<string, unknown>) =>
  api.post<Trade>(`/api/trades/${trade.id}/feedback`, body, user.token);
const listing = async (id: number) => (await api.get<Listing>(`/api/listings/${id}`)).body;
const reputation = async (user: TestUser) =>
  (await api.get<Reputation>(`/api/users/${user.id}/reputation`)).body;

describe('accepting an offer', () => {
  it('creates an open trade with its parties, quantity, price and total', async () => {
    const trade = await tradeOn({ quantity: 4, offer: 2 });
    expect(trade).toMatchObject({
      listingId: expect.any(Number),
      offerId: trade.id,
      item: TEST_ITEMS.plain,
      quantity: 2,
      unitPrice: 300,
      total: 600,
      buyer: { id: buyer.id, username: buyer.username },
      seller: { id: seller.id, username: seller.username },
      status: 'open',
      confirmedBy: { buyer: null, seller: null },
      cancelRequestedBy: { buyer: null, seller: null },
      dispute: null,
      completedAt: null,
      cancelledAt: null,
      feedback: { buyer: null, seller: null },
      version: 1,
    });
    expect(Date.parse(trade.autoCompleteAt!) - Date.parse(trade.acceptedAt)).toBe(14 * DAY_MS);
  });

  it('on a buy listing the owner is the buyer', async () => {
    const owner = await createUser(server.config);
    const listingId = (await postListing(server.url, owner.token, { type: 'buy', quantity: 1 })).id;
    const made = await postOffer(server.url, seller.token, { listing_id: listingId, offer_amount: 50 });
    await acceptOffer(server.url, made.id, owner);
    const trade = (await api.get<Trade>(`/api/trades/${made.id}`, owner.token)).body;
    expect(trade).toMatchObject({ buyer: { id: owner.id }, seller: { id: seller.id } });
  });
});

describe('GET /api/trades/{id}', () => {
  it('answers its parties and admins; 403 anyone else, 401 a visitor, 404 an unknown trade', async () => {
    const trade = await tradeOn();
    expect((await api.get(`/api/trades/${trade.id}`, seller.token)).status).toBe(200);
    expect((await api.get(`/api/trades/${trade.id}`, admin.token)).status).toBe(200);
    expect((await api.get(`/api/trades/${trade.id}`, stranger.token)).status).toBe(403);
    expect((await api.get(`/api/trades/${trade.id}`)).status).toBe(401);
    expect((await api.get('/api/trades/99999999', seller.token)).status).toBe(404);
    expect((await api.get('/api/trades/abc', seller.token)).status).toBe(404);
  });
});

describe('GET /api/trades', () => {
  it("lists the caller's trades newest first, by status and listing, paged with X-Total-Count", async () => {
    const trader = await createUser(server.config);
    const first = await tradeOn({ from: trader });
    const second = await tradeOn({ from: trader });
    const third = await tradeOn({ from: trader });
    await act(second, 'confirm', trader);
    await act(second, 'confirm', seller);

    const all = await api.get<Trade[]>('/api/trades', trader.token);
    expect(all.body.map((t) => t.id)).toEqual([third.id, second.id, first.id]);
    expect(all.headers.get('x-total-count')).toBe('3');

    const page = await api.get<Trade[]>('/api/trades?limit=1&offset=1', trader.token);
    expect(page.body.map((t) => t.id)).toEqual([second.id]);
    expect(page.headers.get('x-total-count')).toBe('3');

    const open = await api.get<Trade[]>('/api/trades?status=open', trader.token);
    expect(open.body.map((t) => t.id)).toEqual([third.id, first.id]);
    expect(open.headers.get('x-total-count')).toBe('2');

    const ofListing = await api.get<Trade[]>(`/api/trades?listingId=${first.listingId}`, seller.token);
    expect(ofListing.body.map((t) => t.id)).toEqual([first.id]);

    expect((await api.get<Trade[]>('/api/trades', stranger.token)).body).toEqual([]);
  });

  it('400 for a bad status, limit or offset; 401 for a visitor', async () => {
    for (const query of ['status=done', 'limit=0', 'limit=101', 'offset=-1', 'listingId=x']) {
      const res = await api.get(`/api/trades?${query}`, buyer.token);
      expect(res.status, query).toBe(400);
    }
    expect((await api.get('/api/trades')).status).toBe(401);
  });
});

describe("the traders' books and the open trades' deadlines", () => {
  const bookOf = async (user: TestUser) =>
    (await TradeBookModel.findById(user.id).lean<TradeBookDoc>())?.trades ?? {};
  const statusesIn = async (user: TestUser, trades: Trade[]) => {
    const book = await bookOf(user);
    return trades.map((t) => book[t.id]?.status);
  };

  it('follow the accept and every change of status, for both parties', async () => {
    const trader = await createUser(server.config);
    const [completed, disputed, cancelled] = [
      await tradeOn({ from: trader }),
      await tradeOn({ from: trader }),
      await tradeOn({ from: trader }),
    ];
    const all = [completed, disputed, cancelled];
    for (const user of [trader, seller]) {
      const book = await bookOf(user);
      expect(book[completed.id]).toMatchObject({ status: 'open', listingId: completed.listingId });
      expect(book[completed.id].at.toISOString()).toBe(completed.acceptedAt);
    }
    expect(await OpenTradeModel.countDocuments({ _id: { $in: all.map((t) => t.id) } })).toBe(3);

    await act(completed, 'confirm', trader);
    await act(cancelled, 'cancel', seller);
    expect(await statusesIn(trader, all)).toEqual(['open', 'open', 'open']);
    await act(completed, 'confirm', seller);
    await dispute(disputed, seller);
    await act(cancelled, 'cancel', trader);
    for (const user of [trader, seller]) {
      expect(await statusesIn(user, all)).toEqual(['completed', 'disputed', 'cancelled']);
    }
    expect(await OpenTradeModel.countDocuments({ _id: { $in: all.map((t) => t.id) } })).toBe(0);

    await dispute(completed, trader);
    expect(await statusesIn(seller, [completed])).toEqual(['disputed']);
    const listed = await api.get<Trade[]>('/api/trades?status=disputed', trader.token);
    expect(listed.body.map((t) => [t.id, t.status])).toEqual([
      [disputed.id, 'disputed'],
      [completed.id, 'disputed'],
    ]);
    expect((await api.get<Trade[]>('/api/trades?status=open', trader.token)).body).toEqual([]);
  });
});

describe('POST /api/trades/{id}/confirm', () => {
  it('completes once both confirmed; a repeat is a harmless 200; both parties hear each change live', async () => {
    const trade = await tradeOn();
    await withLive(server.url, [seller.token, seller.token, buyer.token, stranger.token], async (clients) => {
      const [sellerA, sellerB, buyerSocket, other] = clients;
      const heardByStranger: unknown[] = [];
      other.socket.on('trade:updated', (payload) => heardByStranger.push(payload));
      const onConfirm = clients
        .slice(0, 3)
        .map((c) => c.next('trade:updated', ({ trade: t }) => t.id === trade.id && t.version === 2));
      const notified = sellerA.next('notification', (n: Notification) => n.kind === 'trade_updated');
      const first = await act(trade, 'confirm', buyer);
      expect(first.status).toBe(200);
      expect(first.body.status).toBe('open');
      expect(first.body.confirmedBy.buyer).not.toBeNull();
      for (const event of await Promise.all(onConfirm)) expect(event.trade).toEqual(first.body);
      expect((await notified).message).toBe(
        `${buyer.username} confirmed your trade of 3 ${TEST_ITEMS.plain}`,
      );

      const repeat = await act(trade, 'confirm', buyer);
      expect(repeat.status).toBe(200);
      expect(repeat.body.version).toBe(2);

      const completed = [sellerA, sellerB, buyerSocket].map((c) =>
        c.next('trade:updated', ({ trade: t }) => t.id === trade.id && t.status === 'completed'),
      );
      const told = buyerSocket.next('notification', (n: Notification) => n.kind === 'trade_updated');
      const second = await act(trade, 'confirm', seller);
      expect(second.body).toMatchObject({ status: 'completed', autoCompleteAt: null, version: 3 });
      await Promise.all(completed);
      expect((await told).message).toContain('is completed');
      expect(heardByStranger).toEqual([]);
    });
    expect((await act(trade, 'confirm', seller)).status).toBe(200);
  });

  it('403 for someone not a party, 401 for a visitor, 404 for an unknown trade', async () => {
    const trade = await tradeOn();
    expect((await act(trade, 'confirm', stranger)).status).toBe(403);
    expect((await act(trade, 'confirm', admin)).status).toBe(403);
    expect((await api.post(`/api/trades/${trade.id}/confirm`, {})).status).toBe(401);
    expect((await api.post('/api/trades/99999999/confirm', {}, buyer.token)).status).toBe(404);
  });

  it('counts a completed trade in both reputations', async () => {
    const [a, b] = [await createUser(server.config), await createUser(server.config)];
    const trade = await tradeOn({ owner: a, from: b });
    await act(trade, 'confirm', a);
    await act(trade, 'confirm', b);
    expect(await reputation(a)).toMatchObject({ trades: 1, completedTrades: 1 });
    expect(await reputation(b)).toMatchObject({ trades: 1, completedTrades: 1 });
  });
});

describe('POST /api/trades/{id}/cancel', () => {
  it('the first request tells the other party; the second cancels and gives the quantity back', async () => {
    const trade = await tradeOn({ quantity: 10, offer: 4 });
    expect((await listing(trade.listingId)).remainingQuantity).toBe(6);
    await withLive(server.url, [seller.token, undefined], async ([sellerSocket, visitor]) => {
      const told = sellerSocket.next('notification', (n: Notification) => n.kind === 'trade_updated');
      const first = await act(trade, 'cancel', buyer);
      expect(first.body.status).toBe('open');
      expect(first.body.cancelRequestedBy.buyer).not.toBeNull();
      expect((await told).message).toContain('asked to cancel');
      expect((await act(trade, 'cancel', buyer)).status).toBe(200);

      const updated = visitor.next('listing:updated', ({ listing: l }) => l.id === trade.listingId);
      const second = await act(trade, 'cancel', seller);
      expect(second.body).toMatchObject({ status: 'cancelled', autoCompleteAt: null });
      expect(second.body.cancelledAt).not.toBeNull();
      expect((await updated).listing).toMatchObject({ remainingQuantity: 10, status: 'active' });
    });
    expect(await listing(trade.listingId)).toMatchObject({ remainingQuantity: 10, status: 'active' });
  });

  it('reopens a listing that closed as sold', async () => {
    const trade = await tradeOn({ quantity: 2 });
    expect(await listing(trade.listingId)).toMatchObject({ status: 'closed', closedReason: 'sold' });
    await act(trade, 'cancel', seller);
    await act(trade, 'cancel', buyer);
    expect(await listing(trade.listingId)).toMatchObject({
      status: 'active',
      remainingQuantity: 2,
      closedReason: null,
      closedAt: null,
    });
    const browse = await api.get<Listing[]>('/api/listings');
    expect(browse.body.map((l) => l.id)).toContain(trade.listingId);
  });

  it('keeps a listing its owner closed closed, with the items back in it', async () => {
    const trade = await tradeOn({ quantity: 5, offer: 2 });
    expect((await api.post(`/api/listings/${trade.listingId}/close`, {}, seller.token)).status).toBe(200);
    await act(trade, 'cancel', seller);
    await act(trade, 'cancel', buyer);
    expect(await listing(trade.listingId)).toMatchObject({
      status: 'closed',
      closedReason: 'closed',
      remainingQuantity: 5,
    });
  });

  it('takes the trade out of the market history, the last trade, the 24h figures and both trade counts', async () => {
    const [a, b] = [await createUser(server.config), await createUser(server.config)];
    const item = TEST_ITEMS.fish;
    const market = async () =>
      (await api.get<MarketBook>(`/api/market/items/${encodeURIComponent(item)}`)).body;
    const kept = await tradeOn({ owner: a, from: b, item, quantity: 1 });
    const before = await market();
    const cancelled = await tradeOn({ owner: a, from: b, item, quantity: 2 });
    expect(await market()).toMatchObject({
      trades24h: before.trades24h + 1,
      volume24h: before.volume24h + 2,
    });
    expect((await reputation(a)).trades).toBe(2);

    await act(cancelled, 'cancel', a);
    await act(cancelled, 'cancel', b);
    const after = await market();
    expect(after).toMatchObject({ trades24h: before.trades24h, volume24h: before.volume24h });
    expect(after.lastTrade).toEqual(before.lastTrade);
    expect(after.lastTrade?.at).toBe(kept.acceptedAt);
    const history = await api.get<{ buckets: { trades: number }[] }>(
      `/api/market/items/${encodeURIComponent(item)}/history?range=48h`,
    );
    expect(history.body.buckets.reduce((n, bucket) => n + bucket.trades, 0)).toBe(before.trades24h);
    expect(await reputation(a)).toMatchObject({ trades: 1 });
    expect(await reputation(b)).toMatchObject({ trades: 1 });
  });

  it('409 once the trade is completed', async () => {
    const trade = await tradeOn();
    await act(trade, 'confirm', seller);
    await act(trade, 'confirm', buyer);
    const res = await act(trade, 'cancel', buyer);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', error: 'This trade is already completed.' });
  });
});

describe('POST /api/trades/{id}/dispute', () => {
  it('disputes an open trade, files a trade-dispute report, and stops confirm and cancel', async () => {
    const trade = await tradeOn();
    await withLive(server.url, [seller.token], async ([sellerSocket]) => {
      const told = sellerSocket.next('notification', (n: Notification) => n.kind === 'trade_updated');
      const res = await dispute(trade, buyer, 'Paid but got nothing');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'disputed',
        dispute: { by: 'buyer', reason: 'Paid but got nothing' },
      });
      expect((await told).message).toContain('disputed');
    });
    const report = await ReportModel.findOne({ targetType: 'trade', targetId: trade.id }).lean();
    expect(report).toMatchObject({
      reporterId: buyer.id,
      reason: 'trade-dispute',
      details: 'Paid but got nothing',
    });
    for (const action of ['confirm', 'cancel'] as const) {
      expect((await act(trade, action, seller)).status).toBe(409);
    }
    expect((await dispute(trade, seller)).status).toBe(409);
  });

  it('a completed trade within 7 days, not after; a dispute takes it out of the completed count', async () => {
    const [a, b] = [await createUser(server.config), await createUser(server.config)];
    const recent = await tradeOn({ owner: a, from: b });
    const old = await tradeOn({ owner: a, from: b });
    for (const trade of [recent, old]) {
      await act(trade, 'confirm', a);
      await act(trade, 'confirm', b);
    }
    expect((await reputation(a)).completedTrades).toBe(2);
    await TradeModel.updateOne({ _id: old.id }, { $set: { completedAt: new Date(Date.now() - 8 * DAY_MS) } });
    const late = await dispute(old, a);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: expect.stringContaining('can no longer be disputed') });
    expect((await dispute(recent, a)).body.status).toBe('disputed');
    expect((await reputation(a)).completedTrades).toBe(1);
    expect((await reputation(b)).completedTrades).toBe(1);
  });

  it('400 without a reason, or with one over 1000 characters', async () => {
    const trade = await tradeOn();
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(1001) }, { reason: 5 }]) {
      const res = await api.post(`/api/trades/${trade.id}/dispute`, body, buyer.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'reason' });
    }
  });
});

describe('POST /api/trades/{id}/feedback', () => {
  it('once per party after completion; the other party is told; the reputation shows it', async () => {
    const [a, b] = [await createUser(server.config), await createUser(server.config)];
    const trade = await tradeOn({ owner: a, from: b });
    const early = await feedback(trade, b, { rating: 'positive', comment: 'Quick' });
    expect(early.status).toBe(409);
    await act(trade, 'confirm', a);
    await act(trade, 'confirm', b);

    await withLive(server.url, [a.token], async ([aSocket]) => {
      const told = aSocket.next('notification', (n: Notification) => n.kind === 'feedback_received');
      const updated = aSocket.next('trade:updated', ({ trade: t }) => t.feedback.buyer !== null);
      const res = await feedback(trade, b, { rating: 'positive', comment: 'Quick and friendly' });
      expect(res.status).toBe(200);
      expect(res.body.feedback.buyer).toMatchObject({ rating: 'positive', comment: 'Quick and friendly' });
      expect((await updated).trade.feedback.buyer?.rating).toBe('positive');
      expect((await told).message).toBe(
        `${b.username} left positive feedback on your trade of ${TEST_ITEMS.plain}`,
      );
    });
    const again = await feedback(trade, b, { rating: 'negative', comment: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect((await feedback(trade, a, { rating: 'neutral', comment: '' })).status).toBe(200);

    const ofA = await reputation(a);
    expect(ofA).toMatchObject({ feedback: { positive: 1, neutral: 0, negative: 0 } });
    expect(ofA.latestFeedback).toEqual([
      {
        rating: 'positive',
        comment: 'Quick and friendly',
        rater: { id: b.id, username: b.username },
        at: expect.any(String),
      },
    ]);
    expect((await reputation(b)).feedback).toEqual({ positive: 0, neutral: 1, negative: 0 });
  });

  it('counts once per 7 days between the same two traders, but lists every feedback', async () => {
    const [a, b] = [await createUser(server.config), await createUser(server.config)];
    for (let i = 0; i < 3; i += 1) {
      const trade = await tradeOn({ owner: a, from: b });
      await act(trade, 'confirm', a);
      await act(trade, 'confirm', b);
      expect((await feedback(trade, b, { rating: 'positive', comment: `Trade ${i}` })).status).toBe(200);
    }
    const ofA = await reputation(a);
    expect(ofA.feedback).toEqual({ positive: 1, neutral: 0, negative: 0 });
    expect(ofA.latestFeedback.map((f) => f.comment)).toEqual(['Trade 2', 'Trade 1', 'Trade 0']);
  });

  it('two feedbacks from one trader on another written at once: one counts', async () => {
    const [a, b] = [await createUser(server.config), await createUser(server.config)];
    const trades = [await tradeOn({ owner: a, from: b }), await tradeOn({ owner: a, from: b })];
    for (const trade of trades) {
      await act(trade, 'confirm', a);
      await act(trade, 'confirm', b);
    }
    const answers = await Promise.all(trades.map((trade) => feedback(trade, b, { rating: 'negative' })));
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const ofA = await reputation(a);
    expect(ofA.feedback).toEqual({ positive: 0, neutral: 0, negative: 1 });
    expect(ofA.latestFeedback).toHaveLength(2);
  });

  it('after a dispute too; 400 for a bad rating or a comment over 500 characters; 403 for others', async () => {
    const trade = await tradeOn();
    await dispute(trade, seller);
    for (const body of [{}, { rating: 'great' }, { rating: 'positive', comment: 'x'.repeat(501) }]) {
      const res = await feedback(trade, buyer, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await feedback(trade, stranger, { rating: 'positive' })).status).toBe(403);
    expect((await feedback(trade, buyer, { rating: 'negative' })).body.feedback.buyer).toMatchObject({
      rating: 'negative',
      comment: '',
    });
  });

  it('is refused on a cancelled trade', async () => {
    const trade = await tradeOn();
    await act(trade, 'cancel', seller);
    await act(trade, 'cancel', buyer);
    expect((await feedback(trade, buyer, { rating: 'positive' })).status).toBe(409);
  });
});

describe('races', () => {
  it('a completing confirm racing a completing cancel ends in one state; the quantity comes back at most once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const trade = await tradeOn({ quantity: 6, offer: 2 });
      await act(trade, 'confirm', buyer);
      await act(trade, 'cancel', buyer);
      const [confirm, cancel] = await Promise.all([
        act(trade, 'confirm', seller),
        act(trade, 'cancel', seller),
      ]);
      expect([confirm.status, cancel.status].sort()).toEqual([200, 409]);
      const final = (await api.get<Trade>(`/api/trades/${trade.id}`, buyer.token)).body;
      const winner = confirm.status === 200 ? 'completed' : 'cancelled';
      expect(final.status).toBe(winner);
      expect((await listing(trade.listingId)).remainingQuantity).toBe(winner === 'cancelled' ? 6 : 4);
    }
  });

  it('both parties cancelling at once cancel once: the quantity comes back once', async () => {
    const trade = await tradeOn({ quantity: 6, offer: 2 });
    const answers = await Promise.all([act(trade, 'cancel', buyer), act(trade, 'cancel', seller)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await api.get<Trade>(`/api/trades/${trade.id}`, buyer.token)).body.status).toBe('cancelled');
    expect((await listing(trade.listingId)).remainingQuantity).toBe(6);
    const again = await Promise.all([act(trade, 'cancel', buyer), act(trade, 'cancel', seller)]);
    expect(again.map((a) => a.status)).toEqual([409, 409]);
    expect((await listing(trade.listingId)).remainingQuantity).toBe(6);
  });

  it('a dispute racing the completing confirm and cancel: exactly one final state', async () => {
    const trade = await tradeOn({ quantity: 6, offer: 2 });
    await act(trade, 'confirm', buyer);
    await act(trade, 'cancel', buyer);
    const answers = await Promise.all([
      act(trade, 'cancel', seller),
      dispute(trade, buyer),
      act(trade, 'confirm', seller),
    ]);
    const final = (await api.get<Trade>(`/api/trades/${trade.id}`, buyer.token)).body;
    // A dispute after a completing confirm still succeeds (within 7 days); after a cancel it cannot.
    expect(['cancelled', 'disputed']).toContain(final.status);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect((await listing(trade.listingId)).remainingQuantity).toBe(final.status === 'cancelled' ? 6 : 4);
  });
});

describe('GET /api/reputation/summary', () => {
  it('answers completed trades and positive share by id; leaves out unknown ids', async () => {
    const [a, b] = [await createUser(server.config), await createUser(server.config)];
    const trade = await tradeOn({ owner: a, from: b });
    await act(trade, 'confirm', a);
    await act(trade, 'confirm', b);
    await feedback(trade, b, { rating: 'positive' });
    const res = await api.get<Record<string, unknown>>(
      `/api/reputation/summary?ids=${a.id},${b.id},99999999`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      [a.id]: { completedTrades: 1, positiveShare: 1 },
      [b.id]: { completedTrades: 1, positiveShare: null },
    });
  });

  it('400 for no ids, bad ids, or more than 200', async () => {
    const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    for (const query of ['', 'ids=', 'ids=a,b', 'ids=1,,2', `ids=${many}`]) {
      expect((await api.get(`/api/reputation/summary?${query}`)).status, query).toBe(400);
    }
  });
});
