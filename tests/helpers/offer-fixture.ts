import type { Offer } from '../../src-common/schemas/offer';

/** A pending offer with every field set; `over` replaces any of them. */
export const makeOffer = (over: Partial<Offer> = {}): Offer => ({
  id: 1,
  listing_id: 7,
  user_id: 20,
  username: 'ann',
  user_avatar: null,
  quantity: 1,
  offer_amount: 100,
  message: '',
  status: 'pending',
  rejection_reason: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...over,
});
