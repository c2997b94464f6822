import type { TestUser } from './factories';

type Person = Pick<TestUser, 'id' | 'username'>;

/**
 * Listing and offer documents as they were stored before trades (src-server/migrations/trades.ts): a
 * listing without remainingQuantity, status or closing fields, an offer without a quantity. Insert them
 * through the collection, so no schema default fills the missing fields in.
 */
export function legacyListing(id: number, owner: Person, quantity: number) {
  const now = new Date();
  return {
    _id: id as never,
    item: 'Empty Gas Leech',
    type: 'sell',
    quantity,
    price: 1_000,
    totalPrice: 1_000 * quantity,
    priceMode: 'Each',
    notes: '',
    userId: owner.id,
    seller: owner.username,
    sellerAvatar: null,
    userFlags: [],
    IGN: '',
    contactInfo: '',
    category: 'Other',
    episode: 'Hopeport',
    professions: [],
    image: '',
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

export function legacyOffer(id: number, listingId: number, buyer: Person, status: 'pending' | 'accepted') {
  const now = new Date();
  return {
    _id: id as never,
    listingId,
    userId: buyer.id,
    username: buyer.username,
    userAvatar: null,
    offerAmount: 100,
    message: '',
    status,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}
