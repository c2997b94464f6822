import { describe, expect, it } from 'vitest';
import type { Offer } from '../../../src-common/schemas/offer';
import { offerNews } from './offer-news';

const offer = (over: Partial<Offer> = {}): Offer =>
  ({
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
  }) as Offer;

const said = (item: ReturnType<typeof offerNews>, count = 1) =>
  item && (count === 1 ? item.one : item.many(count));

describe('offerNews', () => {
  it('tells the watcher of a new offer from someone else, and counts a burst', () => {
    const news = offerNews(undefined, offer(), 10);
    expect(said(news)).toBe('New offer from ann.');
    expect(said(news, 3)).toBe('3 new offers.');
  });
  it('says nothing about the reader’s own new offer', () => {
    expect(offerNews(undefined, offer(), 20)).toBeNull();
  });
  it('tells a status change, to the buyer as their own offer', () => {
    const before = offer();
    const after = offer({ status: 'accepted', version: 2 });
    expect(said(offerNews(before, after, 10))).toBe('Offer from ann accepted.');
    expect(said(offerNews(before, after, 20))).toBe('Your offer was accepted.');
    expect(said(offerNews(before, offer({ status: 'rejected', version: 2 }), 10), 2)).toBe(
      '2 offers rejected.',
    );
  });
  it('tells a withdrawn offer', () => {
    expect(said(offerNews(offer(), null, 10))).toBe('Offer from ann cancelled.');
  });
  it('says nothing for a late event, a change that is not a status, or an offer it never held', () => {
    expect(offerNews(offer({ version: 3 }), offer({ status: 'accepted', version: 2 }), 10)).toBeNull();
    expect(offerNews(offer(), offer({ message: 'edited', version: 2 }), 10)).toBeNull();
    expect(offerNews(undefined, null, 10)).toBeNull();
  });
});
