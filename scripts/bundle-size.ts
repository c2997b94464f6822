/**
 * Prints the gzipped JavaScript per route chunk and the total needed for the first paint of /alllistings,
 * and fails (exit code 1) when that total is over budget. Run after `vite build`: `npm run size`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstPaintFiles, routeKeys, routeOnlyFiles, type Manifest } from './lib/chunk-graph';

const clientDist = fileURLToPath(new URL('../dist/client', import.meta.url));
const BUDGET_BYTES = 150 * 1024;
const FIRST_PAINT_ROUTE = 'app/routes/all-listings.tsx';

const manifestPath = path.join(clientDist, '.vite', 'manifest.json');
let manifest: Manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
} catch {
  console.error(`No build manifest at ${manifestPath}: run \`npm run build\` first.`);
  process.exit(1);
}

const gzipCache = new Map<string, number>();
function gzipped(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(clientDist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}
const total = (files: string[]) => files.reduce((sum, f) => sum + gzipped(f), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;

console.log('Gzipped JavaScript each route adds to the entry (own chunk + chunks only it imports):');
for (const key of routeKeys(manifest)) {
  console.log(`  ${kb(total(routeOnlyFiles(manifest, key)))}  ${path.basename(key, '.tsx')}`);
}

const firstPaint = firstPaintFiles(manifest, FIRST_PAINT_ROUTE);
console.log('\nFirst paint of /alllistings (entry + its static imports + the route chunk and its imports):');
for (const file of firstPaint) console.log(`  ${kb(gzipped(file))}  ${file}`);
const firstPaintTotal = total(firstPaint);
const verdict = firstPaintTotal <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(`  ${kb(firstPaintTotal)}  total, ${verdict} the ${BUDGET_BYTES / 1024} KB budget`);
if (firstPaintTotal > BUDGET_BYTES) process.exitCode = 1;
