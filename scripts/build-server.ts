import { builtinModules } from 'node:module';
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * `npm run build` (after vite builds the client): the server and the backup command as plain ES
 * modules for Node 20, so production runs `node dist/server/main.js` with no TypeScript loader.
 * Packages stay external and load from node_modules; the build fails if the bundle would import one
 * that is not a production dependency (`npm ci --omit=dev` leaves those out of the image).
 * `--outdir <dir>` builds elsewhere (a test builds beside the shared dist/server); it must sit two levels
 * below the project root like dist/server, which the bundle finds its files from.
 */
const at = process.argv.indexOf('--outdir');
const outdir = at >= 0 ? process.argv[at + 1] : 'dist/server';
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: 'src-server/main.ts', backup: 'scripts/backup/cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const builtins = new Set(builtinModules);
/** Development packages loaded with import() only on a development path (MailDev: no SMTP_URL set). */
const devOnlyDynamic = new Set(['maildev']);
const undeclared = new Set<string>();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: specifier, external, kind } of output.imports) {
    if (!external || specifier.startsWith('node:') || builtins.has(specifier)) continue;
    if (kind === 'dynamic-import' && devOnlyDynamic.has(packageName(specifier))) continue;
    if (!(packageName(specifier) in pkg.dependencies)) undeclared.add(packageName(specifier));
  }
}
if (undeclared.size > 0) {
  console.error(
    `The server bundle imports packages that are not production dependencies: ${[...undeclared].join(', ')}`,
  );
  process.exit(1);
}
console.log(`server built into ${outdir}/ (main.js, backup.js)`);
