import mongoose from 'mongoose';

/**
 * One player blocking another (services/blocks/blocks.ts). The `_id` is `blocker:blocked`, so the pair is
 * unique by the primary key itself and a second block of the same player is refused by the database.
 */
const blockSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    blockerId: { type: Number, required: true },
    blockedId: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
blockSchema.index({ blockerId: 1 });
blockSchema.index({ blockedId: 1 });

export const blockKey = (blockerId: number, blockedId: number) => `${blockerId}:${blockedId}`;

export const BlockModel = mongoose.model('Block', blockSchema, 'blocks');
export type BlockDoc = mongoose.InferSchemaType<typeof blockSchema>;
