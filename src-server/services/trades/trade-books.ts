import { isDuplicateKeyError } from '../../lib/duplicate-key';
import { writeWithin } from '../../lib/transactions';
import type { LiveTradeDoc } from '../../models/trade';
import {
  OpenTradeModel,
  TradeBookModel,
  type TradeBookDoc,
  type TradeBookEntry,
} from '../../models/trade-books';

/**
 * Keeps the trade bookkeeping (models/trade-books.ts) in step with the trades. Every function but
 * `ensureTradeBooks` runs inside the unit of work of the trade change it follows (the listing's
 * `withListingLock`): on MongoDB the same transaction, so an entry is never lost or left behind by a
 * process that dies between two writes; on FerretDB under the listing's lock, plus the book's own lock
 * for a trader's book, which the units of every listing they trade on write.
 */

type TradeFacts = Pick<LiveTradeDoc, '_id' | 'at' | 'status' | 'listingId' | 'buyerId' | 'sellerId'>;

const bookKey = (userId: number) => `trade-book:${userId}`;

/**
 * The books that exist (they are never deleted), so an accept checks each party's once per process and
 * database: a process serves one database in production, but a test worker serves many in turn.
 */
const existing = new Set<string>();

/**
 * Creates the traders' books that do not exist yet. Called before the accept's unit of work: on MongoDB
 * two transactions inserting one `_id` at once could fail with a duplicate key rather than the write
 * conflict the driver retries (as for lib/transactions.ts's guards).
 */
export async function ensureTradeBooks(userIds: readonly number[]): Promise<void> {
  for (const userId of new Set(userIds)) {
    const known = `${TradeBookModel.db.name}:${userId}`;
    if (existing.has(known)) continue;
    if (!(await TradeBookModel.exists({ _id: userId }))) {
      try {
        await TradeBookModel.create({ _id: userId, trades: {} });
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
    existing.add(known);
  }
}

const entryOf = (trade: TradeFacts): TradeBookEntry => ({
  at: trade.at,
  status: trade.status,
  listingId: trade.listingId,
});

/** Sets the trade's whole entry (so a write also repairs an entry a crash of an older version lacks). */
async function writeEntry(userId: number, trade: TradeFacts): Promise<void> {
  const entry = entryOf(trade);
  await writeWithin(bookKey(userId), async () => {
    const written = await TradeBookModel.updateOne(
      { _id: userId },
      { $set: { [`trades.${trade._id}`]: entry } },
    );
    // A book missing despite ensureTradeBooks (a database swapped under a running process): made here.
    if (!written.matchedCount) await TradeBookModel.create({ _id: userId, trades: { [trade._id]: entry } });
  });
}

/** The open trade's deadline as the trade now has it, or its removal once the trade is no longer open. */
async function writeDeadline(trade: TradeFacts & Pick<LiveTradeDoc, 'activityAt' | 'remindedAt'>) {
  if (trade.status !== 'open') {
    await OpenTradeModel.deleteOne({ _id: trade._id });
    return;
  }
  const deadline = { listingId: trade.listingId, activityAt: trade.activityAt, remindedAt: trade.remindedAt };
  const written = await OpenTradeModel.updateOne({ _id: trade._id }, { $set: deadline });
  if (!written.matchedCount) await OpenTradeModel.create({ _id: trade._id, ...deadline });
}

/**
 * Follows a trade just recorded or changed, in its unit of work: both parties' book entries (when its
 * status is new to them) and its deadline. `statusChanged` false skips the books (a confirmation or cancel
 * request that left it open moves only its deadline).
 */
export async function followTrade(trade: LiveTradeDoc, statusChanged = true): Promise<void> {
  if (statusChanged) {
    for (const userId of new Set([trade.buyerId, trade.sellerId])) await writeEntry(userId, trade);
  }
  await writeDeadline(trade);
}

/** A trader's book: every trade they are a party to, by id (empty when they never traded). */
export async function readTradeBook(userId: number): Promise<{ id: number; entry: TradeBookEntry }[]> {
  const book = await TradeBookModel.findById(userId).lean<TradeBookDoc>();
  return Object.entries(book?.trades ?? {}).map(([id, entry]) => ({ id: Number(id), entry }));
}
