import { describe, expect, it } from 'vitest';
import { makeOffer } from '../../../tests/helpers/offer-fixture';
import { offerNews } from './offer-news';

const said = (item: ReturnType<typeof offerNews>, count = 1) =>
  item && (count === 1 ? item.one : item.many(count));

describe('offerNews', () => {
  it('tells the watcher of a new offer from someone else, and counts a burst', () => {
    const news = offerNews(undefined, makeOffer(), 10);
    expect(said(news)).toBe('New offer from ann.');
    expect(said(news, 3)).toBe('3 new offers.');
  });
  it('says nothing about the reader’s own new offer', () => {
    expect(offerNews(undefined, makeOffer(), 20)).toBeNull();
  });
  it('tells a status change, to the buyer as their own offer', () => {
    const before = makeOffer();
    const after = makeOffer({ status: 'accepted', version: 2 });
    expect(said(offerNews(before, after, 10))).toBe('Offer from ann accepted.');
    expect(said(offerNews(before, after, 20))).toBe('Your offer was accepted.');
    expect(said(offerNews(before, makeOffer({ status: 'rejected', version: 2 }), 10), 2)).toBe(
      '2 offers rejected.',
    );
  });
  it('tells a withdrawn offer', () => {
    expect(said(offerNews(makeOffer(), null, 10))).toBe('Offer from ann cancelled.');
  });
  it('says nothing for a late event, a change that is not a status, or an offer it never held', () => {
    expect(
      offerNews(makeOffer({ version: 3 }), makeOffer({ status: 'accepted', version: 2 }), 10),
    ).toBeNull();
    expect(offerNews(makeOffer(), makeOffer({ message: 'edited', version: 2 }), 10)).toBeNull();
    expect(offerNews(undefined, null, 10)).toBeNull();
  });
});
