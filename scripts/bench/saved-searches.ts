import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { searchWords } from '../../src-common/browse';
import { EPISODES, itemProfessions, type CatalogueItem } from '../../src-common/catalogue';
import { listingCategory, LISTING_CATEGORIES, type Listing } from '../../src-common/schemas/listing';
import { projectRoot } from '../../src-server/lib/project-root';
import {
  matchesSavedSearch,
  SavedSearchIndex,
  type IndexedSearch,
} from '../../src-server/read-models/saved-search-index';
import { fmt, summarise } from './lib/stats';
import { makeListing } from '../../tests/helpers/listing-fixture';
import { option } from './lib/options';

/**
 * `npm run bench -- saved-searches [--searches 10000] [--writes 5000]`
 *
 * What saved-search matching adds to a listing write (target: p95 < 2 ms at 10,000 saved
 * searches). A write runs the matching in its own path, synchronously, before it answers: the index's
 * `matches` for a new listing, and twice (before and after) for an edit (services/saved-searches/
 * alert-matches.ts). Storing and sending the notifications happens after the answer and is not counted.
 *
 * Builds the searches from the shipped catalogue as players would write them (the first letters of an
 * item's words, a whole item name, a type with a price condition, an episode, a profession, a
 * category), then times `matches` for listings of random catalogue items, and the same answer by testing
 * every search (what the index saves).
 */
const SEARCHES = Number(option('searches', '10000'));
const WRITES = Number(option('writes', '5000'));

const catalogue = JSON.parse(
  readFileSync(path.join(projectRoot, 'src-server/catalogue/items.json'), 'utf8'),
) as CatalogueItem[];

/** A small deterministic generator, so runs compare. */
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
const NOTES = [
  'fresh',
  'bulk',
  'cheap',
  'rare find',
  'fast trade',
  'ore',
  'stack',
  'negotiable',
  'PM me',
  '',
];

function searchOf(id: number): IndexedSearch {
  const item = pick(catalogue);
  const words = searchWords(item.Items);
  const filters: IndexedSearch['filters'] = {};
  const kind = random();
  // Most players wait for an item; a few watch a whole episode, profession or category, with a type.
  if (kind < 0.55) filters.q = words.map((w) => w.slice(0, 2 + Math.floor(random() * 4))).join(' ');
  else if (kind < 0.8) filters.q = item.Items;
  else if (kind < 0.9) filters.q = pick(words).slice(0, 3 + Math.floor(random() * 3));
  else if (kind < 0.94) filters.episode = pick(EPISODES);
  else if (kind < 0.97) filters.profession = pick(itemProfessions(pick(catalogue)).concat(['Miner']));
  else filters.category = pick(LISTING_CATEGORIES);
  if (kind >= 0.9 || random() < 0.4) filters.type = random() < 0.6 ? 'sell' : 'buy';
  const price = 1 + Math.floor(random() * 5_000_000);
  const priced = random() < 0.5;
  return {
    id,
    userId: 1 + Math.floor(random() * 2_000),
    filters,
    maxUnitPrice: priced && filters.type === 'sell' ? price : null,
    minUnitPrice: priced && filters.type === 'buy' ? price : null,
  };
}

function listingOf(id: number): Listing {
  const item = pick(catalogue);
  const price = 1 + Math.floor(random() * 5_000_000);
  const at = new Date().toISOString();
  return makeListing({
    id,
    item: item.Items,
    type: random() < 0.35 ? 'buy' : 'sell',
    price,
    totalPrice: price,
    notes: `${pick(NOTES)} ${pick(NOTES)}`.trim(),
    seller: `Trader${1 + Math.floor(random() * 500)}`,
    userId: 1 + Math.floor(random() * 2_000),
    category: listingCategory(item),
    episode: item.Episode,
    professions: itemProfessions(item),
    image: item.Image,
    timestamp: at,
    updatedAt: at,
  });
}

const searches = Array.from({ length: SEARCHES }, (_, i) => searchOf(i + 1));
const index = new SavedSearchIndex();
const loadStart = performance.now();
index.load(searches);
const loadMs = performance.now() - loadStart;
const listings = Array.from({ length: WRITES }, (_, i) => listingOf(i + 1));

/** Wall time of one call; its CPU time (user + system, all threads) goes into `cpu`. */
const cpu: number[] = [];
const time = (work: () => unknown) => {
  const startCpu = process.cpuUsage();
  const start = performance.now();
  work();
  const wall = performance.now() - start;
  const used = process.cpuUsage(startCpu);
  cpu.push((used.user + used.system) / 1000);
  return wall;
};
// Warm up the JIT on other listings, as a running server would be.
for (let i = 0; i < 500; i++) index.matches(listingOf(WRITES + i + 1));

let matched = 0;
cpu.length = 0;
const create = listings.map((listing) =>
  time(() => {
    matched += index.matches(listing).length;
  }),
);
const createCpu = cpu.splice(0);
const edit = listings.map((listing, i) =>
  time(() => {
    index.matches(listings[(i + 1) % listings.length]);
    index.matches(listing);
  }),
);
const editCpu = cpu.splice(0);
const brute = listings
  .slice(0, 1000)
  .map((listing) => time(() => searches.filter((s) => matchesSavedSearch(listing, s))));

const row = (name: string, values: number[]) => {
  const s = summarise(values);
  console.log(
    `${name.padEnd(34)} p50 ${fmt(s.p50, 3)} ms   p95 ${fmt(s.p95, 3)} ms   p99 ${fmt(s.p99, 3)} ms   max ${fmt(s.max, 3)} ms`,
  );
  return s;
};

const load = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(' ');
console.log(
  `saved-search matching: ${SEARCHES.toLocaleString('en-US')} searches, ${WRITES.toLocaleString('en-US')} listing writes`,
);
console.log(
  `machine: ${os.cpus().length} cores, load average ${load} (other work shares it: figures are pessimistic)`,
);
console.log(
  `index built in ${fmt(loadMs, 1)} ms; ${fmt(matched / WRITES, 2)} matching searches per new listing on average`,
);
const created = row('new listing (matches once)', create);
row('  its CPU time', createCpu);
const edited = row('edit (matches before and after)', edit);
row('  its CPU time', editCpu);
row('every search tested (no index)', brute);
const worst = Math.max(created.p95, edited.p95);
console.log(`target p95 < 2 ms: ${worst < 2 ? 'met' : 'NOT met'} (${fmt(worst, 3)} ms)`);
