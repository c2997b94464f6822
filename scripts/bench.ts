import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** `npm run bench -- <name> [options]` runs scripts/bench/<name>.ts; with no name it lists them. */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const [name] = process.argv.slice(2);
const file = name ? path.join(dir, `${name}.ts`) : '';
if (!name || !existsSync(file)) {
  console.log(
    'usage: npm run bench -- <listings|browse-mix|offers|realtime|market|backup|db-outage|saved-searches|presence> [options]',
  );
  process.exit(name ? 1 : 0);
}
// In this process rather than a child of it (one Node start less): the benchmark reads its options from
// process.argv.slice(2), as when it is run on its own, so the name goes.
process.argv.splice(2, 1);
await import(pathToFileURL(file).href);
