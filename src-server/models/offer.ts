import mongoose from 'mongoose';

// Updates and deletes whose outcome depends on the current state (status, version) must run inside
// withDocumentLock (lib/document-lock.ts): the embedded FerretDB does not apply them atomically.

const offerSchema = new mongoose.Schema(
  {
    _id: Number,
    listingId: { type: Number, required: true },
    userId: { type: Number, required: true },
    username: { type: String, required: true },
    userAvatar: { type: String, default: null },
    /** Copper for the listing's whole quantity. */
    offerAmount: { type: Number, required: true, min: 1 },
    message: { type: String, default: '' },
    status: { type: String, enum: ['pending', 'accepted', 'rejected'], default: 'pending' },
    version: { type: Number, default: 1 },
  },
  { timestamps: true, versionKey: false },
);

offerSchema.index({ listingId: 1, createdAt: -1 });
offerSchema.index({ userId: 1 });

export const OfferModel = mongoose.model('Offer', offerSchema, 'offers');
export type OfferDoc = mongoose.InferSchemaType<typeof offerSchema> & {
  _id: number;
  createdAt: Date;
  updatedAt: Date;
};
