import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `npm run bench -- <name> [options]` runs scripts/bench/<name>.ts; with no name it lists them. */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const [name, ...rest] = process.argv.slice(2);
const file = name ? path.join(dir, `${name}.ts`) : '';
if (!name || !existsSync(file)) {
  console.log(
    'usage: npm run bench -- <listings|browse-mix|offers|realtime|market|backup|db-outage|saved-searches|presence> [options]',
  );
  process.exit(name ? 1 : 0);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', file, ...rest], { stdio: 'inherit' });
process.exit(result.status ?? 1);
