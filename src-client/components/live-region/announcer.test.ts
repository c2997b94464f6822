import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  announce,
  announceNews,
  NEWS_SETTLE_MS,
  summariseNews,
  useAnnouncements,
  type NewsItem,
} from './announcer';

const offer = (who: string): NewsItem => ({
  key: 'offer-new',
  one: `New offer from ${who}.`,
  many: (n) => `${n} new offers.`,
});
const accepted: NewsItem = {
  key: 'offer-accepted',
  one: 'Your offer was accepted.',
  many: (n) => `${n} offers accepted.`,
};
const texts = () => useAnnouncements.getState().items.map((i) => i.text);

describe('summariseNews', () => {
  it('tells a single piece of news in full', () => {
    expect(summariseNews([offer('ann')])).toBe('New offer from ann.');
  });
  it('counts a burst of the same kind, and keeps kinds in order of first arrival', () => {
    expect(summariseNews([offer('ann'), accepted, offer('bo'), offer('cy')])).toBe(
      '3 new offers. Your offer was accepted.',
    );
  });
});

describe('the live region', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useAnnouncements.setState({ items: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the last three messages, newest last', () => {
    for (const text of ['a', 'b', 'c', 'd']) announce(text);
    expect(texts()).toEqual(['b', 'c', 'd']);
  });

  it('says a burst of live news once, as a summary, after it settles', () => {
    announceNews(offer('ann'));
    vi.advanceTimersByTime(NEWS_SETTLE_MS / 2);
    announceNews(offer('bo'));
    announceNews(offer('cy'));
    expect(texts()).toEqual([]);
    vi.advanceTimersByTime(NEWS_SETTLE_MS / 2);
    expect(texts()).toEqual(['3 new offers.']);
    announceNews(offer('di'));
    vi.advanceTimersByTime(NEWS_SETTLE_MS);
    expect(texts()).toEqual(['3 new offers.', 'New offer from di.']);
  });
});
