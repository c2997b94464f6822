import mongoose from 'mongoose';

/**
 * One message of an offer's thread (services/offers/offer-messages.ts). Written under the listing's lock,
 * so a message never lands after the offer was decided or cancelled; the author's name is read when
 * presented, so a rename or a deleted account shows everywhere at once.
 */
const offerMessageSchema = new mongoose.Schema(
  {
    _id: Number,
    offerId: { type: Number, required: true },
    authorId: { type: Number, required: true },
    body: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
offerMessageSchema.index({ offerId: 1, _id: 1 });

export const OfferMessageModel = mongoose.model('OfferMessage', offerMessageSchema, 'offer_messages');
export type OfferMessageDoc = mongoose.InferSchemaType<typeof offerMessageSchema> & { _id: number };
