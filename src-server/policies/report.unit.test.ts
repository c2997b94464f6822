import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { actionSubject, assertCanReport } from './report';

const listing = { type: 'listing' as const, userIds: [1], listingId: 10 };
const user = { type: 'user' as const, userIds: [1], listingId: null };
const offer = { type: 'offer' as const, userIds: [1, 2], listingId: 10 };
const trade = { type: 'trade' as const, userIds: [1, 2], listingId: 10 };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, message: err.message };
    throw err;
  }
  return null;
};

describe('assertCanReport', () => {
  it('anyone may report a listing or a player, but not their own listing nor themselves (400)', () => {
    expect(refusal(() => assertCanReport(3, listing))).toBeNull();
    expect(refusal(() => assertCanReport(3, user))).toBeNull();
    expect(refusal(() => assertCanReport(1, listing))).toEqual({
      status: 400,
      message: 'You cannot report your own listing',
    });
    expect(refusal(() => assertCanReport(1, user))).toEqual({
      status: 400,
      message: 'You cannot report yourself',
    });
  });

  it('an offer or a trade only by its two traders (403 for anyone else)', () => {
    for (const target of [offer, trade]) {
      expect(refusal(() => assertCanReport(1, target))).toBeNull();
      expect(refusal(() => assertCanReport(2, target))).toBeNull();
      expect(refusal(() => assertCanReport(3, target))).toEqual({
        status: 403,
        message: `Only the two traders of this ${target.type} can report it`,
      });
    }
  });
});

describe('actionSubject', () => {
  it('dismiss fits every target and acts on nothing', () => {
    for (const target of [listing, user, offer, trade]) {
      expect(actionSubject('dismiss', 3, target)).toEqual({ action: 'dismiss' });
    }
  });

  it('remove-listing removes the listing reported, or that of the offer or trade; 400 on a player', () => {
    for (const target of [listing, offer, trade]) {
      expect(actionSubject('remove-listing', 2, target)).toEqual({ action: 'remove-listing', listingId: 10 });
    }
    expect(refusal(() => actionSubject('remove-listing', 3, user))).toEqual({
      status: 400,
      message: 'A report about a player has no listing to remove',
    });
  });

  it('suspend-user suspends the player, the listing owner, or the other trader of an offer or trade', () => {
    expect(actionSubject('suspend-user', 3, user)).toEqual({ action: 'suspend-user', userId: 1 });
    expect(actionSubject('suspend-user', 3, listing)).toEqual({ action: 'suspend-user', userId: 1 });
    for (const target of [offer, trade]) {
      expect(actionSubject('suspend-user', 1, target)).toEqual({ action: 'suspend-user', userId: 2 });
      expect(actionSubject('suspend-user', 2, target)).toEqual({ action: 'suspend-user', userId: 1 });
    }
  });
});
