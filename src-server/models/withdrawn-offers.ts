import mongoose from 'mongoose';
import { LISTING_TYPES } from '../../src-common/schemas/listing';

/**
 * What a player's cancelled offers were, for their "My offers": a cancel deletes the offer itself (the
 * listing's page and the offer index forget it), so this keeps its facts. One document per player (`_id`
 * the user's id), entries keyed by offer id, read by `_id` only (on the embedded FerretDB any other filter
 * reads the whole collection). Written in the cancel's unit of work; deleted with the account.
 */
const entrySchema = new mongoose.Schema(
  {
    listingId: { type: Number, required: true },
    item: { type: String, required: true },
    listingType: { type: String, enum: LISTING_TYPES, required: true },
    quantity: { type: Number, required: true },
    offerAmount: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    cancelledAt: { type: Date, required: true },
    /** The offer's version after the cancel (one more than its last stored one). */
    version: { type: Number, required: true },
  },
  { _id: false },
);

const withdrawnOffersSchema = new mongoose.Schema(
  { _id: Number, offers: { type: Map, of: entrySchema, default: {} } },
  { versionKey: false },
);

export const WithdrawnOffersModel = mongoose.model(
  'WithdrawnOffers',
  withdrawnOffersSchema,
  'withdrawn_offers',
);

export interface WithdrawnOffer {
  listingId: number;
  item: string;
  listingType: (typeof LISTING_TYPES)[number];
  quantity: number;
  offerAmount: number;
  createdAt: Date;
  cancelledAt: Date;
  version: number;
}

export interface WithdrawnOffersDoc {
  _id: number;
  offers: Record<string, WithdrawnOffer>;
}
