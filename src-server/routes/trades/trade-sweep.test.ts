import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../src-common/schemas/notification';
import type { Reputation } from '../../../src-common/schemas/reputation';
import type { Trade } from '../../../src-common/schemas/trade';
import { AUTO_COMPLETE_MS, DAY_MS, REMINDER_BEFORE_MS } from '../../../src-common/trade-lifecycle';
import { TradeModel } from '../../models/trade';
import { OpenTradeModel } from '../../models/trade-books';
import { createTradeSweep } from '../../services/trades/trade-sweep';
import { createUser, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectLive } from '../../../tests/helpers/live-events';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { acceptedTrade } from '../../../tests/helpers/trade-fixture';

let server: TestServer;
let api: ReturnType<typeof http>;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
});
afterAll(() => server.stop());

/** Two new traders and an accepted offer between them (so each test's sweep sees only its own trade). */
async function freshTrade(): Promise<{ trade: Trade; seller: TestUser; buyer: TestUser }> {
  const [seller, buyer] = [await createUser(server.config), await createUser(server.config)];
  const trade = await acceptedTrade(server.url, seller, buyer, { quantity: 2 });
  // Sweeps below run at times relative to this trade: every other trade in the file is older or newer.
  return { trade, seller, buyer };
}

const at = (trade: Trade, ms: number) => new Date(Date.parse(trade.acceptedAt) + ms);
const sweeper = () => createTradeSweep(server.deps);
const notificationsOf = async (user: TestUser) =>
  (await api.get<Notification[]>('/api/notifications', user.token)).body;

describe('the 14-day auto-completion', () => {
  it('reminds both parties once 2 days before, then completes the trade, live, once', async () => {
    const { trade, seller, buyer } = await freshTrade();
    await TradeModel.updateMany({ _id: { $ne: trade.id } }, { $set: { status: 'completed' } });
    const sweep = sweeper();
    const early = await sweep.sweep(at(trade, AUTO_COMPLETE_MS - REMINDER_BEFORE_MS - 60_000));
    expect(early).toEqual({ reminded: 0, completed: 0 });

    const reminderTime = at(trade, AUTO_COMPLETE_MS - REMINDER_BEFORE_MS + 60_000);
    const [a, b] = await Promise.all([sweep.sweep(reminderTime), sweeper().sweep(reminderTime)]);
    expect(a.reminded + b.reminded).toBe(1);
    expect((await sweep.sweep(reminderTime)).reminded).toBe(0);
    for (const user of [seller, buyer]) {
      const reminders = (await notificationsOf(user)).filter((n) => n.kind === 'trade_reminder');
      expect(reminders).toHaveLength(1);
      expect(reminders[0].message).toContain('completes by itself in 2 days');
    }

    const sockets = await Promise.all([
      connectLive(server.url, seller.token),
      connectLive(server.url, buyer.token),
    ]);
    try {
      const heard = sockets.map((s) =>
        s.next('trade:updated', ({ trade: t }) => t.id === trade.id && t.status === 'completed'),
      );
      const dueTime = at(trade, AUTO_COMPLETE_MS + 60_000);
      const [x, y] = await Promise.all([sweep.sweep(dueTime), sweeper().sweep(dueTime)]);
      expect(x.completed + y.completed).toBe(1);
      for (const event of await Promise.all(heard))
        expect(event.trade.completedAt).toBe(dueTime.toISOString());
    } finally {
      for (const socket of sockets) socket.close();
    }
    expect((await api.get<Trade>(`/api/trades/${trade.id}`, buyer.token)).body.status).toBe('completed');
    for (const user of [seller, buyer]) {
      const done = (await notificationsOf(user)).filter((n) => n.message.includes('completed by itself'));
      expect(done).toHaveLength(1);
      expect((await api.get<Reputation>(`/api/users/${user.id}/reputation`)).body.completedTrades).toBe(1);
    }
  });

  it('counts the 14 days from the last confirmation or cancel request, and reminds again after it', async () => {
    const { trade, seller } = await freshTrade();
    await TradeModel.updateMany({ _id: { $ne: trade.id } }, { $set: { status: 'completed' } });
    const thirteenDaysAgo = new Date(Date.now() - 13 * DAY_MS);
    await TradeModel.updateOne(
      { _id: trade.id },
      { $set: { at: thirteenDaysAgo, activityAt: thirteenDaysAgo } },
    );
    await OpenTradeModel.updateOne({ _id: trade.id }, { $set: { activityAt: thirteenDaysAgo } });
    expect((await sweeper().sweep(new Date())).reminded).toBe(1);
    expect((await OpenTradeModel.findById(trade.id).lean())?.remindedAt).toBeInstanceOf(Date);

    const confirmed = await api.post<Trade>(`/api/trades/${trade.id}/confirm`, {}, seller.token);
    expect(Date.parse(confirmed.body.autoCompleteAt!) - Date.now()).toBeGreaterThan(13 * DAY_MS);
    expect((await TradeModel.findById(trade.id).lean())?.remindedAt).toBeNull();
    const deadline = await OpenTradeModel.findById(trade.id).lean();
    expect(deadline?.activityAt.toISOString()).toBe(
      new Date(Date.parse(confirmed.body.autoCompleteAt!) - AUTO_COMPLETE_MS).toISOString(),
    );
    expect(deadline?.remindedAt).toBeNull();
    expect(await sweeper().sweep(new Date(Date.now() + 2 * DAY_MS))).toEqual({ reminded: 0, completed: 0 });
    expect((await sweeper().sweep(new Date(Date.now() + 12.5 * DAY_MS))).reminded).toBe(1);
    expect((await sweeper().sweep(new Date(Date.now() + 14.5 * DAY_MS))).completed).toBe(1);
    expect(await OpenTradeModel.exists({ _id: trade.id })).toBeNull();
  });

  it('keeps one deadline per open trade from the accept on, and sets one that disagrees with its trade again', async () => {
    const { trade } = await freshTrade();
    const deadline = await OpenTradeModel.findById(trade.id).lean();
    expect(deadline).toMatchObject({ listingId: trade.listingId, remindedAt: null });
    expect(deadline?.activityAt.toISOString()).toBe(trade.acceptedAt);
    // A deadline older than its trade (as a crash of an older version could leave): nothing is due, and
    // the sweep writes the trade's own.
    await OpenTradeModel.updateOne({ _id: trade.id }, { $set: { activityAt: new Date(0) } });
    expect(await sweeper().sweep(at(trade, DAY_MS))).toEqual({ reminded: 0, completed: 0 });
    expect((await OpenTradeModel.findById(trade.id).lean())?.activityAt.toISOString()).toBe(trade.acceptedAt);
  });

  it('leaves disputed and cancelled trades alone', async () => {
    const { trade, seller, buyer } = await freshTrade();
    await TradeModel.updateMany({ _id: { $ne: trade.id } }, { $set: { status: 'completed' } });
    await api.post(`/api/trades/${trade.id}/cancel`, {}, seller.token);
    await api.post(`/api/trades/${trade.id}/cancel`, {}, buyer.token);
    expect(await OpenTradeModel.exists({ _id: trade.id })).toBeNull();
    expect(await sweeper().sweep(at(trade, 30 * DAY_MS))).toEqual({ reminded: 0, completed: 0 });
    expect((await api.get<Trade>(`/api/trades/${trade.id}`, buyer.token)).body.status).toBe('cancelled');
  });
});
