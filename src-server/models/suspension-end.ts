import mongoose from 'mongoose';

/**
 * The end date of a timed suspension in effect (`_id` the user's id), written in the same unit of work
 * as the user's `suspension` (services/moderation/suspensions.ts), so the sweep that lifts expired
 * suspensions reads these few documents instead of every user (the embedded FerretDB filters nothing but
 * `_id` on its side). Built once from the users by migrations/suspension-ends.ts.
 */
const suspensionEndSchema = new mongoose.Schema(
  { _id: Number, until: { type: Date, required: true } },
  { versionKey: false },
);

suspensionEndSchema.index({ until: 1 });

export const SuspensionEndModel = mongoose.model('SuspensionEnd', suspensionEndSchema, 'suspension_ends');
