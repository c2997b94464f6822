import { describe, expect, it } from 'vitest';
import type { Trade } from '../../../src-common/schemas/trade';
import { DAY_MS } from '../../../src-common/trade-lifecycle';
import { openTradeLines, roleOf, settledLine, tradeButtons } from './trade-view';

const NOW = Date.parse('2026-05-20T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const none = { buyer: null, seller: null };

function trade(change: Partial<Trade> = {}): Trade {
  return {
    id: 7,
    listingId: 3,
    offerId: 7,
    item: 'Rapier',
    quantity: 2,
    unitPrice: 3_000_000,
    total: 6_000_000,
    buyer: { id: 10, username: 'Bea' },
    seller: { id: 20, username: 'Sam' },
    acceptedAt: ago(DAY_MS),
    status: 'open',
    confirmedBy: none,
    cancelRequestedBy: none,
    dispute: null,
    completedAt: null,
    cancelledAt: null,
    autoCompleteAt: ago(-13 * DAY_MS),
    feedback: none,
    version: 1,
    updatedAt: ago(DAY_MS),
    ...change,
  };
}

describe('roleOf', () => {
  it('names the side of each party and nobody else', () => {
    expect([10, 20, 30, null].map((id) => roleOf(trade(), id))).toEqual(['buyer', 'seller', null, null]);
  });
});

describe('tradeButtons', () => {
  it('offers confirm, ask to cancel and dispute on a fresh open trade', () => {
    expect(tradeButtons(trade(), 'buyer', NOW)).toEqual({
      confirm: true,
      cancel: 'ask',
      dispute: true,
      feedback: false,
    });
  });

  it('drops confirm once the viewer confirmed, and cancel once they asked', () => {
    const t = trade({
      confirmedBy: { buyer: ago(1000), seller: null },
      cancelRequestedBy: { buyer: ago(500), seller: null },
    });
    expect(tradeButtons(t, 'buyer', NOW)).toMatchObject({ confirm: false, cancel: null, dispute: true });
    expect(tradeButtons(t, 'seller', NOW)).toMatchObject({ confirm: true, cancel: 'agree', dispute: true });
  });

  it('lets a completed trade be disputed for 7 days, with feedback once per side', () => {
    const done = { status: 'completed' as const, confirmedBy: { buyer: ago(DAY_MS), seller: ago(DAY_MS) } };
    const fresh = trade({
      ...done,
      completedAt: ago(6 * DAY_MS),
      feedback: { buyer: null, seller: { rating: 'positive', comment: '', at: ago(1) } },
    });
    expect(tradeButtons(fresh, 'buyer', NOW)).toEqual({
      confirm: false,
      cancel: null,
      dispute: true,
      feedback: true,
    });
    expect(tradeButtons(fresh, 'seller', NOW)).toMatchObject({ dispute: true, feedback: false });
    const old = trade({ ...done, completedAt: ago(8 * DAY_MS) });
    expect(tradeButtons(old, 'buyer', NOW)).toMatchObject({ dispute: false, feedback: true });
  });

  it('leaves only feedback on a disputed trade, and nothing on a cancelled one or for a stranger', () => {
    const disputed = trade({ status: 'disputed', dispute: { by: 'seller', reason: 'no show', at: ago(1) } });
    expect(tradeButtons(disputed, 'buyer', NOW)).toEqual({
      confirm: false,
      cancel: null,
      dispute: false,
      feedback: true,
    });
    const nothing = { confirm: false, cancel: null, dispute: false, feedback: false };
    expect(tradeButtons(trade({ status: 'cancelled' }), 'buyer', NOW)).toEqual(nothing);
    expect(tradeButtons(trade(), null, NOW)).toEqual(nothing);
  });
});

describe('openTradeLines', () => {
  it('says who confirmed and who is waited for, in the viewer words', () => {
    const t = trade({ confirmedBy: { buyer: ago(1), seller: null } });
    expect(openTradeLines(t, 'buyer')).toEqual(['You confirmed · waiting for the seller']);
    expect(openTradeLines(t, 'seller')).toEqual(['The buyer confirmed · waiting for you']);
    expect(openTradeLines(trade(), 'seller')).toEqual(['Not confirmed yet by either side']);
  });

  it('adds each cancel request', () => {
    const t = trade({ cancelRequestedBy: { buyer: null, seller: ago(1) } });
    expect(openTradeLines(t, 'seller')).toContain('You asked to cancel · waiting for the buyer');
    expect(openTradeLines(t, 'buyer')).toContain('The seller asked to cancel');
    expect(openTradeLines(trade({ status: 'cancelled' }), 'buyer')).toEqual([]);
  });
});

describe('settledLine', () => {
  it('tells how a trade ended and the viewer feedback', () => {
    const both = { buyer: ago(2), seller: ago(1) };
    const feedback = { buyer: { rating: 'positive' as const, comment: 'smooth', at: ago(1) }, seller: null };
    expect(settledLine(trade({ status: 'completed', confirmedBy: both, feedback }), 'buyer')).toBe(
      'Completed by both sides. You left positive feedback.',
    );
    expect(settledLine(trade({ status: 'completed' }), 'seller')).toBe(
      'Completed after 14 days without a word from either side.',
    );
    const disputed = trade({ status: 'disputed', dispute: { by: 'seller', reason: 'x', at: ago(1) } });
    expect(settledLine(disputed, 'seller')).toBe('Disputed by you: an admin will look into it.');
    expect(settledLine(disputed, 'buyer')).toBe('Disputed by the seller: an admin will look into it.');
    expect(settledLine(trade({ status: 'cancelled' }), 'buyer')).toContain('Called off by both sides');
  });
});
