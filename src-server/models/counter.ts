import mongoose from 'mongoose';

const counterSchema = new mongoose.Schema({ _id: String, seq: { type: Number, default: 0 } }, { versionKey: false });
export const CounterModel = mongoose.model('Counter', counterSchema, 'counters');

/** Integer ids (users, listings, offers) from one atomic upsert-and-increment per allocation. */
export async function nextId(sequence: 'users' | 'listings' | 'offers'): Promise<number> {
  const doc = await CounterModel.findOneAndUpdate(
    { _id: sequence },
    { $inc: { seq: 1 } },
    { upsert: true, returnDocument: 'after' },
  ).lean();
  return doc!.seq;
}
