import mongoose from 'mongoose';

/**
 * What an offer's thread keeps besides its messages, one document per offer (`_id` is the offer's id),
 * created by its first message or by the offer's cancellation:
 *
 * - the two parties, so the thread stays readable by them after its offer is gone (a cancelled offer is
 *   deleted, and so are a deleted listing's offers);
 * - `closed`, why it takes no more messages once the offer is gone;
 * - each party's read marker (the last message id it read) and unread count, so the unread counts of all
 *   a trader's threads are one read (GET /api/offers/threads/unread).
 *
 * Changed only under the listing's lock (services/listings/listing-lock.ts), like the messages.
 */
const readStateSchema = new mongoose.Schema(
  { lastReadId: { type: Number, default: 0 }, unread: { type: Number, default: 0 } },
  { _id: false },
);

const offerThreadSchema = new mongoose.Schema(
  {
    _id: Number,
    listingId: { type: Number, required: true },
    /** The offer's maker. */
    makerId: { type: Number, required: true },
    /** The listing's owner. */
    ownerId: { type: Number, required: true },
    /** The newest message's id (0: none yet). */
    lastMessageId: { type: Number, default: 0 },
    maker: { type: readStateSchema, default: () => ({}) },
    owner: { type: readStateSchema, default: () => ({}) },
    closed: { type: String, enum: ['cancelled', null], default: null },
  },
  { versionKey: false },
);
offerThreadSchema.index({ makerId: 1 });
offerThreadSchema.index({ ownerId: 1 });

export const OfferThreadModel = mongoose.model('OfferThread', offerThreadSchema, 'offer_threads');
export type OfferThreadDoc = mongoose.InferSchemaType<typeof offerThreadSchema> & { _id: number };
export type ThreadRole = 'maker' | 'owner';
