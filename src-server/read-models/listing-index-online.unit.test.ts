import { describe, expect, it } from 'vitest';
import type { Listing } from '../../src-common/schemas/listing';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { ListingIndex } from './listing-index';

let seq = 0;
const listing = (overrides: Partial<Listing> = {}): Listing => makeListing({ id: ++seq, ...overrides });
const ids = (index: ListingIndex, query: Parameters<ListingIndex['browse']>[0]) =>
  index.browse(query).listings.map((l) => l.id);
const answerIds = (body: Buffer) => (JSON.parse(body.toString()) as Listing[]).map((l) => l.id);

describe('ListingIndex: the online sellers filter', () => {
  it('keeps only the listings of online sellers, counted, with the other filters', () => {
    const index = new ListingIndex();
    const a = listing({ userId: 1, type: 'sell' });
    const b = listing({ userId: 1, type: 'buy' });
    const c = listing({ userId: 2, type: 'sell' });
    index.load([a, b, c]);
    expect(index.browse({ sort: 'new', online: true })).toEqual({ listings: [], total: 0 });

    index.setSellerOnline(1, true);
    expect(ids(index, { sort: 'new', online: true }).sort()).toEqual([a.id, b.id].sort());
    expect(index.browse({ sort: 'new', online: true }).total).toBe(2);
    expect(ids(index, { sort: 'new', online: true, type: 'sell' })).toEqual([a.id]);
    expect(ids(index, { sort: 'new' })).toHaveLength(3);

    index.setSellerOnline(1, false);
    index.setSellerOnline(2, true);
    expect(ids(index, { sort: 'new', online: true })).toEqual([c.id]);
  });

  it('a listing created, edited or closed while its seller is online follows the filter', () => {
    const index = new ListingIndex();
    index.setSellerOnline(7, true);
    const posted = listing({ userId: 7 });
    index.upsert(posted);
    expect(ids(index, { sort: 'new', online: true })).toEqual([posted.id]);
    index.upsert({ ...posted, version: posted.version + 1, status: 'closed' });
    expect(ids(index, { sort: 'new', online: true })).toEqual([]);
    // A slot freed by the closed listing and reused by an offline seller's is not online.
    const other = listing({ userId: 8 });
    index.upsert(other);
    expect(ids(index, { sort: 'new', online: true })).toEqual([]);
  });

  it('survives a reload from a snapshot', () => {
    const index = new ListingIndex();
    const mine = listing({ userId: 3 });
    index.setOnlineSellers([3]);
    index.load([mine, listing({ userId: 4 })]);
    expect(ids(index, { sort: 'new', online: true })).toEqual([mine.id]);
    index.setOnlineSellers([4]);
    expect(ids(index, { sort: 'new', online: true })).not.toContain(mine.id);
  });

  it('forgets cached online answers when a seller they match goes on or off line, and keeps the others', () => {
    const index = new ListingIndex();
    const sell = listing({ userId: 5, type: 'sell' });
    index.load([sell, listing({ userId: 6, type: 'buy' })]);
    index.browseJson({ sort: 'new', online: true, limit: 10 }, 'online=1&limit=10');
    index.browseJson({ sort: 'new', online: true, type: 'buy', limit: 10 }, 'online=1&type=buy&limit=10');
    index.browseJson({ sort: 'new', limit: 10 }, 'limit=10');

    index.setSellerOnline(5, true);
    expect(index.recall('online=1&limit=10')).toBeUndefined();
    // The seller's only listing is a sell one: the buy answer and the unfiltered one still hold.
    expect(index.recall('online=1&type=buy&limit=10')).toBeDefined();
    expect(index.recall('limit=10')).toBeDefined();
    expect(
      answerIds(index.browseJson({ sort: 'new', online: true, limit: 10 }, 'online=1&limit=10').body),
    ).toEqual([sell.id]);

    index.setSellerOnline(5, false);
    expect(index.recall('online=1&limit=10')).toBeUndefined();
  });

  it('a seller already online or already offline changes nothing', () => {
    const index = new ListingIndex();
    index.load([listing({ userId: 9 })]);
    index.setSellerOnline(9, false);
    index.browseJson({ sort: 'new', online: true, limit: 10 }, 'q');
    index.setSellerOnline(9, false);
    expect(index.recall('q')).toBeDefined();
  });
});
