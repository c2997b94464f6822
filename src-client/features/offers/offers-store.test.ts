import { describe, expect, it } from 'vitest';
import type { Offer } from '../../../src-common/schemas/offer';
import { emptyTable } from '../../lib/entity-table';
import {
  offersOfListing,
  removeOffer,
  removeOffersOfListing,
  syncListingOffers,
  upsertOffer,
  type OffersData,
} from './offers-store';

const offer = (id: number, over: Partial<Offer> = {}): Offer => ({
  id,
  listing_id: 1,
  user_id: 7,
  username: 'buyer',
  user_avatar: null,
  quantity: 1,
  offer_amount: 500,
  message: '',
  status: 'pending',
  rejection_reason: null,
  created_at: new Date(Date.UTC(2025, 0, 1, 0, id)).toISOString(),
  updatedAt: new Date(Date.UTC(2025, 0, 1)).toISOString(),
  version: 1,
  ...over,
});
const empty = (): OffersData => ({ table: emptyTable<Offer>() });

describe('offer events', () => {
  it('an accept (newer version) replaces the pending offer; a late pending copy does not undo it', () => {
    let state = upsertOffer(empty(), offer(1));
    state = upsertOffer(state, offer(1, { status: 'accepted', version: 2 }));
    state = upsertOffer(state, offer(1, { status: 'pending', version: 1 }));
    expect(state.table.byId[1].status).toBe('accepted');
  });

  it('a duplicate created event changes nothing', () => {
    const state = upsertOffer(empty(), offer(1));
    expect(upsertOffer(state, offer(1))).toBe(state);
  });

  it('a cancelled offer is gone and stays gone', () => {
    let state = removeOffer(upsertOffer(empty(), offer(1)), 1);
    state = upsertOffer(state, offer(1, { version: 2 }));
    expect(state.table.byId[1]).toBeUndefined();
  });

  it('a deleted listing takes its offers with it', () => {
    let state = upsertOffer(upsertOffer(empty(), offer(1)), offer(2, { listing_id: 2 }));
    state = removeOffersOfListing(state, 1);
    expect(Object.keys(state.table.byId)).toEqual(['2']);
  });
});

describe('syncListingOffers and offersOfListing', () => {
  it('replaces a listing offers with the snapshot and lists them newest first', () => {
    let state = upsertOffer(upsertOffer(empty(), offer(1)), offer(9, { listing_id: 2 }));
    state = syncListingOffers(state, 1, [offer(2), offer(3)], state.table.clock);
    expect(offersOfListing(state.table.byId, 1).map((o) => o.id)).toEqual([3, 2]);
    expect(offersOfListing(state.table.byId, 2).map((o) => o.id)).toEqual([9]);
  });
});
