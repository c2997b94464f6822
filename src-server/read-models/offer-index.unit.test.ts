import { describe, expect, it } from 'vitest';
import type { Offer } from '../../src-common/schemas/offer';
import { makeOffer } from '../../tests/helpers/offer-fixture';
import { OfferIndex } from './offer-index';

let nextId = 1;
const offer = (overrides: Partial<Offer> & { listing_id: number; user_id: number }): Offer => {
  const id = nextId++;
  return makeOffer({
    id,
    username: `user${overrides.user_id}`,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, id + 1)).toISOString(),
    ...overrides,
  });
};

describe('OfferIndex', () => {
  it("lists a listing's offers newest first, the later id first within one millisecond", () => {
    const index = new OfferIndex();
    const at = '2026-02-01T00:00:00.000Z';
    const [older, same1, same2] = [
      offer({ listing_id: 1, user_id: 2, created_at: '2026-01-31T00:00:00.000Z' }),
      offer({ listing_id: 1, user_id: 3, created_at: at }),
      offer({ listing_id: 1, user_id: 4, created_at: at }),
    ];
    index.load([same1, older, same2, offer({ listing_id: 2, user_id: 2 })]);
    expect(index.forListing(1).map((o) => o.id)).toEqual([same2.id, same1.id, older.id]);
    expect(index.forListing(3)).toEqual([]);
  });

  it('counts stats over the offers made and those on the own listings, each once', () => {
    const index = new OfferIndex();
    index.load([
      offer({ listing_id: 10, user_id: 2, status: 'accepted' }),
      offer({ listing_id: 10, user_id: 3 }),
      offer({ listing_id: 11, user_id: 2, status: 'rejected' }),
      offer({ listing_id: 20, user_id: 1 }),
      offer({ listing_id: 21, user_id: 1, status: 'accepted' }),
      offer({ listing_id: 30, user_id: 2 }),
    ]);
    // User 1 owns listings 10 and 11 and made the offers on 20 and 21.
    expect(index.stats(1, [10, 11])).toEqual({ made: 2, received: 3, accepted: 2, pending: 2 });
    expect(index.stats(2, [])).toEqual({ made: 3, received: 0, accepted: 1, pending: 1 });
    expect(index.stats(9, [])).toEqual({ made: 0, received: 0, accepted: 0, pending: 0 });
  });

  it('keeps the newer version, and a deleted offer (or listing) stays gone', () => {
    const index = new OfferIndex();
    const first = offer({ listing_id: 1, user_id: 2 });
    const other = offer({ listing_id: 1, user_id: 3 });
    index.load([first, other]);
    expect(index.upsert({ ...first, status: 'accepted', version: 2 })).toBe(true);
    expect(index.upsert({ ...first, status: 'rejected', version: 2 })).toBe(false);
    expect(index.get(first.id)?.status).toBe('accepted');

    index.remove(other.id);
    expect(index.upsert({ ...other, version: 2 })).toBe(false);
    expect(index.stats(3, [])).toEqual({ made: 0, received: 0, accepted: 0, pending: 0 });

    index.removeListing(1);
    expect(index.forListing(1)).toEqual([]);
    expect(index.size).toBe(0);
    expect(index.stats(2, [1])).toEqual({ made: 0, received: 0, accepted: 0, pending: 0 });
  });
});
