import { statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../src-server/config';
import { ArchiveError, type Manifest } from './archive';
import { backupDatabase } from './backup';
import { restoreDatabase } from './restore';
import { openTarget, TargetBusyError } from './target';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]` (the compiled image runs
 * `node dist/server/backup.js backup|restore <file>`). The database is chosen like the server chooses
 * it: MONGODB_URI and DB_NAME, or the embedded database under DATA_DIR (target.ts).
 */
const USAGE = 'usage: backup <file> | restore <file> [--force]';

const counts = (manifest: Manifest) =>
  Object.entries(manifest.counts)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const files = rest.filter((arg) => !arg.startsWith('--'));
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1) throw new ConfigError(USAGE);
  const file = path.resolve(files[0]);
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

  const target = await openTarget(process.env, (line) => console.log(line));
  try {
    if (command === 'backup') {
      if (target.consistency === 'none') {
        console.warn('warning: this server offers no snapshot: stop the app first for a consistent copy');
      }
      const manifest = await backupDatabase(target, file);
      const mb = (statSync(file).size / 1e6).toFixed(1);
      console.log(`backed up the ${target.description} to ${file} (${mb} MB) in ${seconds()} s`);
      console.log(`${manifest.documents} documents: ${counts(manifest)}; sha256 ${manifest.sha256}`);
    } else {
      const { manifest, header } = await restoreDatabase(target, file, { force });
      console.log(
        `restored ${file} (taken ${header.createdAt}) into the ${target.description} in ${seconds()} s`,
      );
      console.log(`${manifest.documents} documents, counts checked: ${counts(manifest)}`);
    }
  } finally {
    await target.close();
  }
}

main().catch((err) => {
  const known = err instanceof ArchiveError || err instanceof ConfigError || err instanceof TargetBusyError;
  console.error(known ? err.message : `Failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
