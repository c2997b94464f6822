import mongoose from 'mongoose';

/** Short-lived locks, one document per locked key; see lib/document-lock.ts for why they exist. */
const writeLockSchema = new mongoose.Schema(
  { _id: { type: String, required: true }, at: { type: Date, required: true } },
  { versionKey: false },
);

export const WriteLockModel = mongoose.model('WriteLock', writeLockSchema, 'write_locks');
