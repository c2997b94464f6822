import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareListings, matchesBrowseFilter } from '../../src-common/browse';
import { BROWSE_SORTS } from '../../src-common/schemas/listing';
import type { Listing } from '../../src-common/schemas/listing';
import { ErrorCode } from '../../src-common/errors';
import { BLOCKED_MESSAGE } from '../../src-common/schemas/block';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { AppError } from '../errors';
import { assertCanBlock, assertCanTrade } from '../policies/blocks';
import { BlockIndex } from './block-index';
import { ListingIndex } from './listing-index';

const thrown = (work: () => void): AppError => {
  try {
    work();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('nothing was thrown');
};

describe('BlockIndex', () => {
  it('knows who blocked whom, one way', () => {
    const blocks = new BlockIndex();
    expect(blocks.empty).toBe(true);
    blocks.apply([{ blockerId: 1, blockedId: 2, blocked: true }]);
    expect(blocks.has(1, 2)).toBe(true);
    expect(blocks.has(2, 1)).toBe(false);
    expect(blocks.between(2, 1)).toBe(true);
    expect(blocks.between(1, 3)).toBe(false);
    expect([...blocks.blockedBy(1)]).toEqual([2]);
    expect([...blocks.blockedBy(2)]).toEqual([]);
    expect([...blocks.blockersOf(2)]).toEqual([1]);
    expect(blocks.empty).toBe(false);
  });

  it('a repeat changes nothing and a lift forgets the pair', () => {
    const blocks = new BlockIndex();
    blocks.apply([
      { blockerId: 1, blockedId: 2, blocked: true },
      { blockerId: 1, blockedId: 2, blocked: true },
      { blockerId: 3, blockedId: 2, blocked: true },
    ]);
    blocks.apply([{ blockerId: 1, blockedId: 2, blocked: false }]);
    expect(blocks.between(1, 2)).toBe(false);
    expect([...blocks.blockersOf(2)]).toEqual([3]);
    blocks.apply([
      { blockerId: 3, blockedId: 2, blocked: false },
      { blockerId: 4, blockedId: 5, blocked: false },
    ]);
    expect(blocks.empty).toBe(true);
  });

  it('a load replaces what was held', () => {
    const blocks = new BlockIndex();
    blocks.apply([{ blockerId: 1, blockedId: 2, blocked: true }]);
    blocks.load([{ blockerId: 5, blockedId: 6 }]);
    expect(blocks.has(1, 2)).toBe(false);
    expect(blocks.has(5, 6)).toBe(true);
  });
});

describe('block rules', () => {
  it('nobody blocks themselves', () => {
    const err = thrown(() => assertCanBlock(4, 4));
    expect([err.status, err.code, err.message]).toEqual([
      400,
      ErrorCode.VALIDATION,
      "You can't block yourself",
    ]);
    expect(() => assertCanBlock(4, 5)).not.toThrow();
  });

  it('a block stops trading both ways, and the refusal names no one', () => {
    const blocks = new BlockIndex();
    blocks.apply([{ blockerId: 1, blockedId: 2, blocked: true }]);
    for (const [a, b] of [
      [1, 2],
      [2, 1],
    ]) {
      const err = thrown(() => assertCanTrade(blocks, a, b));
      expect([err.status, err.code, err.message]).toEqual([403, ErrorCode.BLOCKED, BLOCKED_MESSAGE]);
    }
    expect(() => assertCanTrade(blocks, 1, 3)).not.toThrow();
  });
});

describe('ListingIndex: a viewer’s hidden sellers', () => {
  let seq = 0;
  const listing = (overrides: Partial<Listing> = {}) => makeListing({ id: ++seq, ...overrides });
  const idsOf = (body: Buffer) => (JSON.parse(body.toString()) as Listing[]).map((l) => l.id);

  it('leaves their listings out of the page and the total, with any filter, and keeps nothing', () => {
    const index = new ListingIndex();
    const mine = [listing({ userId: 1 }), listing({ userId: 1, type: 'buy' })];
    const theirs = [listing({ userId: 2 }), listing({ userId: 2, type: 'buy' }), listing({ userId: 3 })];
    index.load([...mine, ...theirs]);
    const hidden = new Set([2]);

    const page = index.browse({ sort: 'new', limit: 2 }, hidden);
    expect(page.total).toBe(3);
    expect(page.listings.every((l) => l.userId !== 2)).toBe(true);
    expect(index.browse({ sort: 'new', type: 'buy' }, hidden).listings.map((l) => l.id)).toEqual([
      mine[1].id,
    ]);
    expect(index.browse({ sort: 'new', limit: 2, offset: 2 }, hidden).listings).toHaveLength(1);
    // Everyone else still sees them.
    expect(index.browse({ sort: 'new' }).total).toBe(5);

    const answer = index.browseJsonWithout({ sort: 'new', limit: 10 }, hidden);
    expect(answer.total).toBe(3);
    expect(idsOf(answer.body).sort()).toEqual([mine[0].id, mine[1].id, theirs[2].id].sort());
    expect(index.recall('limit=10')).toBeUndefined();
    // The shared answer for the same query is not the hidden one.
    expect(index.browseJson({ sort: 'new', limit: 10 }, 'limit=10').total).toBe(5);
  });
  it('answers every page and total like filtering out the hidden sellers by hand (property-based)', () => {
    const seller = fc.integer({ min: 1, max: 4 });
    const posted = fc.record({ userId: seller, type: fc.constantFrom('buy', 'sell'), minute: fc.nat(9) });
    const request = fc.record(
      {
        type: fc.constantFrom('buy', 'sell'),
        sort: fc.constantFrom(...BROWSE_SORTS),
        limit: fc.integer({ min: 1, max: 5 }),
        offset: fc.integer({ min: 0, max: 6 }),
      },
      { requiredKeys: ['sort'] },
    );
    fc.assert(
      fc.property(fc.array(posted, { maxLength: 20 }), fc.uniqueArray(seller), request, (all, hidden, r) => {
        const held = all.map((f, i) =>
          makeListing({
            id: i + 1,
            userId: f.userId,
            type: f.type,
            timestamp: new Date(Date.UTC(2025, 0, 1, 0, f.minute)).toISOString(),
          }),
        );
        const index = new ListingIndex();
        index.load(held);
        const shown = held
          .filter((l) => !hidden.includes(l.userId) && matchesBrowseFilter(l, r))
          .sort(compareListings(r.sort));
        const offset = r.offset ?? 0;
        const page = index.browse(r, new Set(hidden));
        expect(page.total).toBe(shown.length);
        expect(page.listings.map((l) => l.id)).toEqual(
          shown.slice(offset, r.limit === undefined ? undefined : offset + r.limit).map((l) => l.id),
        );
      }),
      { numRuns: 200 },
    );
  });
});
