import mongoose from 'mongoose';
import { withDocumentLock } from '../lib/document-lock';

const counterSchema = new mongoose.Schema(
  { _id: String, seq: { type: Number, default: 0 } },
  { versionKey: false },
);
export const CounterModel = mongoose.model('Counter', counterSchema, 'counters');

/**
 * Integer ids (users, listings, offers). `$inc` alone is not atomic on the embedded database (see
 * lib/document-lock.ts), so the increment runs under the sequence's lock.
 */
export async function nextId(sequence: 'users' | 'listings' | 'offers'): Promise<number> {
  return withDocumentLock(`counter:${sequence}`, async () => {
    const doc = await CounterModel.findOneAndUpdate(
      { _id: sequence },
      { $inc: { seq: 1 } },
      { upsert: true, returnDocument: 'after' },
    ).lean();
    return doc!.seq;
  });
}
