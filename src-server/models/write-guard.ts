import mongoose from 'mongoose';

/**
 * MongoDB only: one small document per key that lib/transactions.ts bumps at the start of every
 * transaction on that key, so two concurrent transactions on one key always write a common document and
 * MongoDB aborts one of them (the driver then retries it). Never used on the embedded FerretDB.
 */
const writeGuardSchema = new mongoose.Schema(
  { _id: { type: String, required: true }, writes: { type: Number, default: 0 } },
  { versionKey: false },
);

export const WriteGuardModel = mongoose.model('WriteGuard', writeGuardSchema, 'write_guards');
