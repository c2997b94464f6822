import { smokeBenchmarks } from './lib/smoke';

/**
 * The benchmarks that start no server or run it through tsx, at a smoke size; the others are in
 * benchmarks-smoke-a.test.ts, so the two integration workers share them.
 */
smokeBenchmarks([
  {
    name: 'saved-searches',
    args: ['--searches', '50', '--writes', '50'],
    figures: [
      /^new listing \(matches once\) +p50 /m,
      /^edit \(matches before and after\) +p50 /m,
      /^every search tested \(no index\) +p50 /m,
      /^target p95 < 2 ms: /m,
    ],
  },
  {
    name: 'backup',
    args: ['--listings', '50'],
    figures: [
      /^backup: +\d+ documents in .*, archive /m,
      /^verify: +checksum and counts in /m,
      /^restore: /m,
    ],
  },
  {
    name: 'realtime',
    args: ['--sizes', '10', '--events', '1', '--pace-ms', '10', '--settle-ms', '0'],
    figures: [
      /^socket\.io, 1 process +N= +10 +p50 /m,
      /^raw ws baseline +N= +10 +p50 /m,
      /^socket\.io, 2 processes \+ Redis +N= +10 +p50 /m,
    ],
  },
  {
    name: 'db-outage',
    args: ['--runs', '1'],
    figures: [/^run 1: first 503 DB_UNAVAILABLE .* a write succeeded again /m, /^median: first 503 /m],
  },
]);
