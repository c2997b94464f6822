import mongoose from 'mongoose';

/**
 * One accepted offer, recorded in the same unit of work as the accept (services/offers/decide-offer.ts)
 * and never changed afterwards: market history (read-models/market-history.ts) survives edits and
 * deletions of listings. The `_id` is the offer's id, so an offer is recorded at most once (the unique
 * `_id` refuses a second insert).
 *
 * `side` is the listing's type. The listing's owner and the offer's maker are stored as the seller and
 * the buyer: on a sell listing the owner sells to the offerer, on a buy listing the offerer sells to the
 * owner.
 */
const tradeSchema = new mongoose.Schema(
  {
    _id: Number,
    item: { type: String, required: true },
    /** Copper per item: the accepted amount over the quantity, to the nearest copper. */
    unitPrice: { type: Number, required: true, min: 0 },
    quantity: { type: Number, required: true, min: 1 },
    side: { type: String, enum: ['buy', 'sell'], required: true },
    listingId: { type: Number, required: true },
    sellerId: { type: Number, required: true },
    buyerId: { type: Number, required: true },
    /** When the offer was accepted. */
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

tradeSchema.index({ item: 1, at: -1 });

export const TradeModel = mongoose.model('Trade', tradeSchema, 'trades');
export type TradeDoc = mongoose.InferSchemaType<typeof tradeSchema> & { _id: number };
