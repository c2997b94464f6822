import { readFileSync } from 'node:fs';
import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import type { CatalogueItem } from '../../../src-common/catalogue';
import { catalogueFile, catalogueOf } from '../../catalogue/catalogue';
import { priceQueries } from './price-queries';

const catalogue = catalogueOf(JSON.parse(readFileSync(catalogueFile, 'utf8')) as CatalogueItem[]);
const [first, second] = catalogue.items.map((item) => item.Items);

/** The parts of a Koa context the reader uses: the raw query string and Koa's parse of it. */
function asked(querystring: string): Context {
  return { querystring, query: Object.fromEntries(new URLSearchParams(querystring)) } as unknown as Context;
}

describe('priceQueries', () => {
  it('reads a query string once and answers its repeats with the same list of catalogue strings', () => {
    const itemsOf = priceQueries(catalogue);
    const query = `items=${encodeURIComponent(`${first}, ${second},${first}`)}`;
    const names = itemsOf(asked(query));
    expect(names).toEqual([first, second]);
    expect(names[0]).toBe(catalogue.byName.get(first)!.Items);
    expect(itemsOf(asked(query))).toBe(names);
  });

  it('keeps the lists of 5,000 watchlists of 100 names at once', () => {
    const itemsOf = priceQueries(catalogue);
    const names = catalogue.items.map((item) => item.Items);
    // Each list drawn at random, as bots' watchlists are: distinct, with names of every length.
    let seed = 29;
    const draw = () => (seed = (seed * 48_271) % 2_147_483_647) % names.length;
    const lists = Array.from(
      { length: 5000 },
      () => `items=${Array.from({ length: 100 }, () => encodeURIComponent(names[draw()])).join(',')}`,
    );
    expect(new Set(lists).size).toBe(5000);
    const firstList = itemsOf(asked(lists[0]));
    for (const list of lists.slice(1)) itemsOf(asked(list));
    expect(itemsOf(asked(lists[0]))).toBe(firstList);
  });

  it('refuses an invalid query every time, naming the unknown item', () => {
    const itemsOf = priceQueries(catalogue);
    const query = `items=${encodeURIComponent(`${first},Not An Item`)}`;
    for (let i = 0; i < 2; i++) expect(() => itemsOf(asked(query))).toThrow(/Not An Item/);
    expect(() => itemsOf(asked('items='))).toThrow();
  });
});
