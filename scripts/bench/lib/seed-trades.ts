import type { TradeRole } from '../../../src-common/schemas/trade';
import { acceptedTradeState, DAY_MS, transition, type TradeState } from '../../../src-common/trade-lifecycle';
import { CounterModel } from '../../../src-server/models/counter';
import { ReputationModel } from '../../../src-server/models/reputation';
import { UserModel } from '../../../src-server/models/user';
import { acceptedLifecycle, TradeModel, type LiveTradeDoc } from '../../../src-server/models/trade';
import { OpenTradeModel, TradeBookModel, type TradeBookEntry } from '../../../src-server/models/trade-books';
import { REPUTATIONS_MIGRATION_MARK } from '../../../src-server/migrations/reputations';
import { SUSPENSION_ENDS_MARK } from '../../../src-server/migrations/suspension-ends';
import { TRADE_BOOKS_MARK } from '../../../src-server/migrations/trade-books';
import { TRADE_HISTORY_MARK } from '../../../src-server/migrations/trade-history';
import { TRADE_STATUS_MARK } from '../../../src-server/migrations/trade-status';
import { TRADES_MIGRATION_MARK } from '../../../src-server/migrations/trades';
import type { TradeFact } from '../../../src-server/read-models/market-history';
import { seededRandom } from './browse-queries';

/** Prices as players set them: three significant digits. */
const roundPrice = (copper: number) => {
  const scale = 10 ** Math.max(0, Math.floor(Math.log10(copper)) - 2);
  return Math.max(1, Math.round(copper / scale) * scale);
};

const BATCH = 10_000;
/** Trade books per insert: each holds a hundred entries or so. */
const BOOKS_PER_INSERT = 1000;
/** The first trader's id: seedListings' sellers come before. */
const FIRST_TRADER = 501;

/** The accounts of the traders with these ids, named as seedListings names its sellers. */
async function seedTraders(ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH) {
    const users = ids.slice(i, i + BATCH).map((id) => ({
      _id: id,
      username: `Trader${id}`,
      usernameLower: `trader${id}`,
      emailVerified: true,
    }));
    await UserModel.collection.insertMany(users as never[]);
  }
  const last = ids.reduce((a, b) => Math.max(a, b), 0);
  await CounterModel.collection.updateOne({ _id: 'users' as never }, { $max: { seq: last } });
}

/**
 * The trade's lifecycle as its parties moved it: the seller confirms within a day of the accept, the
 * buyer within two, applied by the app's own rules (src-common/trade-lifecycle.ts) up to `now`; so
 * trades of the last two days may still be open, the older ones are completed.
 */
function lived(at: Date, now: number, random: () => number) {
  let state: TradeState = acceptedTradeState(at);
  let changes = 0;
  const confirmations: [TradeRole, number][] = [
    ['seller', at.getTime() + random() * DAY_MS],
    ['buyer', at.getTime() + random() * 2 * DAY_MS],
  ];
  for (const [role, time] of confirmations.sort((a, b) => a[1] - b[1])) {
    if (time > now) break;
    const next = transition(state, { kind: 'confirm' }, role, new Date(time));
    if (!next.ok) throw new Error(next.message);
    state = next.state;
    changes += 1;
  }
  return { state, version: 1 + changes, updatedAt: state.activityAt };
}

/**
 * Writes `total` trades of the last 90 days straight into the connected database, as the app would have
 * left them: each as its accept records it (services/market/record-trade.ts), moved on by its parties'
 * confirmations (`lived`), with each trader's book and the open trades' deadlines
 * (models/trade-books.ts) and the traders' trade counts. Items are skewed (the cube of a uniform draw
 * picks low indexes far more often), each item's prices scatter ±20 % around its own base price. The
 * two parties of each are drawn from `traders` accounts of their own (created here, after seedListings'
 * 500 sellers, who trade in the benchmark itself): a trader's book is one document that each of their
 * trades rewrites, so a few hundred traders sharing a million trades would each carry thousands.
 * Resolves to what the price history takes of the trades.
 */
export async function seedTrades(opts: {
  total: number;
  items: string[];
  listings: number;
  traders: number;
}): Promise<TradeFact[]> {
  const { total, items, listings, traders } = opts;
  const random = seededRandom(11);
  const now = Date.now();
  const facts: TradeFact[] = [];
  const books = new Map<number, Record<string, TradeBookEntry>>();
  const counts = new Map<number, { trades: number; completedTrades: number }>();
  for (let start = 0; start < total; start += BATCH) {
    const trades: LiveTradeDoc[] = [];
    const deadlines = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) {
      const index = Math.floor(random() ** 3 * items.length);
      const base = 1_000 + ((index * 104_729) % 2_000_000);
      const unitPrice = roundPrice(base * (0.8 + 0.4 * random()));
      const quantity = 1 + Math.floor(random() * 20);
      const at = new Date(now - random() * 90 * DAY_MS);
      const { state, version, updatedAt } = lived(at, now, random);
      const seller = Math.floor(random() * traders);
      const trade: LiveTradeDoc = {
        _id: 10_000_000 + i,
        item: items[index],
        unitPrice,
        quantity,
        side: random() < 0.5 ? 'buy' : 'sell',
        listingId: 1 + (i % listings),
        sellerId: FIRST_TRADER + seller,
        buyerId: FIRST_TRADER + ((seller + 1 + Math.floor(random() * (traders - 1))) % traders),
        at,
        total: unitPrice * quantity,
        ...acceptedLifecycle(at, at),
        ...state,
        version,
        updatedAt,
      };
      trades.push(trade);
      facts.push({ id: trade._id, item: trade.item, unitPrice, quantity, at: at.getTime() });
      for (const userId of [trade.sellerId, trade.buyerId]) {
        let book = books.get(userId);
        if (!book) books.set(userId, (book = {}));
        book[trade._id] = { at, status: state.status, listingId: trade.listingId };
        let count = counts.get(userId);
        if (!count) counts.set(userId, (count = { trades: 0, completedTrades: 0 }));
        count.trades += 1;
        if (state.status === 'completed') count.completedTrades += 1;
      }
      if (state.status === 'open') {
        deadlines.push({
          _id: trade._id,
          listingId: trade.listingId,
          activityAt: state.activityAt,
          remindedAt: null,
        });
      }
    }
    await TradeModel.collection.insertMany(trades as never[], { ordered: false });
    if (deadlines.length)
      await OpenTradeModel.collection.insertMany(deadlines as never[], { ordered: false });
  }
  await seedTraders([...counts.keys()]);
  const bookDocs = [...books].map(([userId, trades]) => ({ _id: userId, trades }));
  for (let i = 0; i < bookDocs.length; i += BOOKS_PER_INSERT) {
    await TradeBookModel.collection.insertMany(bookDocs.slice(i, i + BOOKS_PER_INSERT) as never[]);
  }
  if (!counts.size) return facts;
  await ReputationModel.collection.insertMany(
    [...counts].map(([userId, count]) => ({
      _id: userId,
      ...count,
      feedback: { positive: 0, neutral: 0, negative: 0 },
      offersReceived: 0,
      offersAnswered: 0,
      responses: {},
    })) as never[],
  );
  return facts;
}

/**
 * The marks the server's start-up migrations leave once done (every database the app created has them,
 * from its first start on): with them the seeded data is not searched for documents of an older shape,
 * which on FerretDB means reading every listing, offer and trade a few times over.
 */
export async function markMigrated(): Promise<void> {
  const marks = [
    TRADES_MIGRATION_MARK,
    TRADE_HISTORY_MARK,
    REPUTATIONS_MIGRATION_MARK,
    TRADE_STATUS_MARK,
    TRADE_BOOKS_MARK,
    SUSPENSION_ENDS_MARK,
  ];
  await CounterModel.collection.insertMany(marks.map((_id) => ({ _id, seq: 1 })) as never[]);
}
