import mongoose from 'mongoose';

// Updates and deletes whose outcome depends on the current state (status, version) must run inside
// withListingLock (services/listings/listing-lock.ts): a transaction on MongoDB, the listing's in-memory
// lock on the embedded FerretDB, which does not apply them atomically (lib/transactions.ts).

const offerSchema = new mongoose.Schema(
  {
    _id: Number,
    listingId: { type: Number, required: true },
    userId: { type: Number, required: true },
    username: { type: String, required: true },
    userAvatar: { type: String, default: null },
    /** Items the offer is for; accepting it takes them from the listing's remaining quantity. */
    quantity: { type: Number, required: true, min: 1 },
    /** Copper for the offer's quantity. */
    offerAmount: { type: Number, required: true, min: 1 },
    message: { type: String, default: '' },
    status: { type: String, enum: ['pending', 'accepted', 'rejected'], default: 'pending' },
    /** Set when the offer was rejected automatically (it no longer fit, or the listing closed). */
    rejectionReason: { type: String, default: null },
    version: { type: Number, default: 1 },
  },
  { timestamps: true, versionKey: false },
);

offerSchema.index({ listingId: 1, createdAt: -1 });
offerSchema.index({ userId: 1 });
offerSchema.index({ listingId: 1, status: 1 });

export const OfferModel = mongoose.model('Offer', offerSchema, 'offers');
export type OfferDoc = mongoose.InferSchemaType<typeof offerSchema> & {
  _id: number;
  createdAt: Date;
  updatedAt: Date;
};
