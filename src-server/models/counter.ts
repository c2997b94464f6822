import mongoose from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicate-key';
import { atomicWrite } from '../lib/transactions';

const counterSchema = new mongoose.Schema(
  { _id: String, seq: { type: Number, default: 0 } },
  { versionKey: false },
);
export const CounterModel = mongoose.model('Counter', counterSchema, 'counters');

/**
 * Integer ids (users, listings, offers, personal access tokens, saved searches, notifications, reports,
 * audit entries, offer messages): one `$inc` that returns the new value, atomic on MongoDB; the embedded FerretDB does
 * not apply `$inc` atomically, so there it runs under the sequence's lock (lib/transactions.ts). Taken
 * outside any surrounding transaction: an id is never reused, even when the write it was for fails.
 */
export async function nextId(
  sequence:
    | 'users'
    | 'listings'
    | 'offers'
    | 'apiTokens'
    | 'savedSearches'
    | 'notifications'
    | 'reports'
    | 'auditLog'
    | 'offerMessages',
): Promise<number> {
  return atomicWrite(`counter:${sequence}`, async () => {
    const increment = () =>
      CounterModel.findOneAndUpdate(
        { _id: sequence },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after' },
      ).lean();
    try {
      return (await increment())!.seq;
    } catch (err) {
      // Two first uses at once both try to insert the counter and one loses on its _id; the counter
      // exists now, so the same update increments it (the retry MongoDB advises for an upsert).
      if (!isDuplicateKeyError(err)) throw err;
      return (await increment())!.seq;
    }
  });
}
