import { describe, expect, it } from 'vitest';
import { closedThreadMessage, threadOpenness } from './thread-state';

describe('threadOpenness', () => {
  it('is open while the offer is pending', () => {
    expect(threadOpenness({ offer: 'pending' })).toEqual({ open: true, closedReason: null });
  });

  it.each([undefined, null, 'open'])(
    'is open after the accept while the trade is open (status %s)',
    (trade) => {
      expect(threadOpenness({ offer: 'accepted', trade })).toEqual({ open: true, closedReason: null });
    },
  );

  it.each([
    [{ offer: 'rejected' } as const, 'the offer was rejected'],
    [{ offer: 'cancelled' } as const, 'the offer was cancelled'],
    [{ offer: 'gone' } as const, 'the offer no longer exists'],
    [{ offer: 'accepted', trade: 'completed' } as const, 'the trade is completed'],
    [{ offer: 'accepted', trade: 'disputed' } as const, 'the trade is disputed'],
    [{ offer: 'accepted', trade: 'cancelled' } as const, 'the trade was cancelled'],
  ])('is closed for %j: %s', (state, closedReason) => {
    expect(threadOpenness(state)).toEqual({ open: false, closedReason });
  });

  it('says why in the 409', () => {
    expect(closedThreadMessage('the offer was rejected')).toBe(
      'This conversation is closed: the offer was rejected.',
    );
  });
});
