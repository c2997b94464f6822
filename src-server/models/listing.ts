import mongoose from 'mongoose';
import { CLOSED_REASONS, LISTING_STATUSES } from '../../src-common/trade';

// Updates and deletes whose outcome depends on the current state (status, version) must run inside
// withListingLock (services/listings/listing-lock.ts): a transaction on MongoDB, the listing's in-memory
// lock on the embedded FerretDB, which does not apply them atomically (lib/transactions.ts).

const optionalInt = { type: Number, default: null };
const optionalString = { type: String, default: null };

const listingSchema = new mongoose.Schema(
  {
    _id: Number,
    item: { type: String, required: true },
    type: { type: String, enum: ['buy', 'sell'], required: true },
    quantity: { type: Number, required: true, min: 1 },
    /** What accepted offers have left; lowered by each accept (services/offers/decide-offer.ts). */
    remainingQuantity: { type: Number, required: true, min: 0 },
    status: { type: String, enum: LISTING_STATUSES, default: 'active' },
    closedAt: { type: Date, default: null },
    closedReason: { type: String, enum: [...CLOSED_REASONS, null], default: null },
    /** Copper per item. */
    price: { type: Number, required: true, min: 0 },
    /** price x quantity, kept so total sorts use an index. */
    totalPrice: { type: Number, required: true, min: 0 },
    priceMode: { type: String, enum: ['Each', 'Total'], default: 'Each' },
    notes: { type: String, default: '' },
    userId: { type: Number, required: true },
    seller: { type: String, required: true },
    sellerAvatar: optionalString,
    userFlags: { type: [String], default: [] },
    IGN: { type: String, default: '' },
    contactInfo: { type: String, default: '' },
    category: { type: String, default: '' },
    /** Copied from the catalogue entry at write time so filters need no join. */
    episode: { type: String, default: '' },
    professions: { type: [String], default: [] },
    image: { type: String, default: '' },
    rarity: optionalString,
    combatCategory: optionalString,
    combatLevel: optionalInt,
    combatStrength: optionalInt,
    combatDmgType: optionalString,
    combatDmgPercent: optionalInt,
    combatImpact: optionalInt,
    combatCryonae: optionalInt,
    combatArborae: optionalInt,
    combatTempestae: optionalInt,
    combatInfernae: optionalInt,
    combatNecromae: optionalInt,
    /**
     * Set while the seller is suspended (services/listings/suspended-listings.ts): the listing leaves browse,
     * search, the market and the profile, and comes back unchanged when the suspension is lifted.
     */
    sellerSuspended: { type: Boolean },
    version: { type: Number, default: 1 },
  },
  { timestamps: true, versionKey: false },
);

listingSchema.index({ createdAt: -1 });
listingSchema.index({ type: 1, createdAt: -1 });
listingSchema.index({ item: 1 });
listingSchema.index({ episode: 1, createdAt: -1 });
listingSchema.index({ professions: 1, createdAt: -1 });
listingSchema.index({ price: 1 });
listingSchema.index({ totalPrice: 1 });
listingSchema.index({ userId: 1, createdAt: -1 });

export const ListingModel = mongoose.model('Listing', listingSchema, 'listings');
export type ListingDoc = mongoose.InferSchemaType<typeof listingSchema> & {
  _id: number;
  createdAt: Date;
  updatedAt: Date;
};
