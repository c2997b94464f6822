/**
 * Prints the gzipped JavaScript per route chunk and the total needed for the first paint of /alllistings,
 * and fails (exit code 1) when that total is over budget. Run after `vite build`: `npm run size`.
 * tests/e2e/bundle-budget.test.ts holds the same budget against the build the end-to-end tests run.
 */
import path from 'node:path';
import { clientDist } from '../src-server/lib/project-root';
import { FIRST_PAINT_BUDGET_BYTES, firstPaint, gzipSizer, readManifest } from './lib/bundle-budget';
import { routeKeys, routeOnlyFiles } from './lib/chunk-graph';

const manifest = readManifest();
if (!manifest) {
  console.error(`No build manifest in ${clientDist}: run \`npm run build\` first.`);
  process.exit(1);
}

const gzipped = gzipSizer();
const total = (files: string[]) => files.reduce((sum, f) => sum + gzipped(f), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;

console.log('Gzipped JavaScript each route adds to the entry (own chunk + chunks only it imports):');
for (const key of routeKeys(manifest)) {
  console.log(`  ${kb(total(routeOnlyFiles(manifest, key)))}  ${path.basename(key, '.tsx')}`);
}

const paint = firstPaint(manifest, gzipped);
console.log('\nFirst paint of /alllistings (entry + its static imports + the route chunk and its imports):');
for (const { file, bytes } of paint.files) console.log(`  ${kb(bytes)}  ${file}`);
const within = paint.total <= FIRST_PAINT_BUDGET_BYTES;
console.log(
  `  ${kb(paint.total)}  total, ${within ? 'within' : 'OVER'} the ${FIRST_PAINT_BUDGET_BYTES / 1024} KB budget`,
);
if (!within) process.exitCode = 1;
