import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { canConnect, waitForPort } from '../lib/ports';

export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buildDir = path.join(projectRoot, '.cache', 'ferretdb', FERRETDB_VERSION);
export const ferretBinary = path.join(buildDir, 'ferretdb');

type Log = (line: string) => void;

export function hasGo(): boolean {
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds FerretDB once into the project's cache. `go install pkg@version` is what the brief names,
 * but the module proxy refuses the module's version list (its deprecation check fails with 403) and
 * the module zip lacks the generated build/version/version.txt, so the binary would panic at start.
 * A throwaway wrapper module that requires the same version, vendored so that file can be supplied,
 * builds the identical code.
 */
export function ensureFerretDB(log: Log = console.log): string {
  if (existsSync(ferretBinary)) return ferretBinary;
  if (!hasGo()) throw new Error('FerretDB is not built and the Go toolchain is missing');
  const started = Date.now();
  const work = path.join(buildDir, 'src');
  mkdirSync(work, { recursive: true });
  writeFileSync(
    path.join(work, 'go.mod'),
    `module ferretdb-build\n\ngo 1.22\n\nrequire ${MODULE} ${FERRETDB_VERSION}\n`,
  );
  writeFileSync(
    path.join(work, 'tools.go'),
    `//go:build tools\n\npackage tools\n\nimport _ "${MODULE}/cmd/ferretdb"\n`,
  );
  const go = (args: string[]) =>
    execFileSync('go', args, {
      cwd: work,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, GOFLAGS: '-mod=mod' },
    });
  log(`[db] building FerretDB ${FERRETDB_VERSION} with Go (first run only, takes a few minutes)...`);
  log('[db]   resolving and downloading Go modules...');
  go(['mod', 'tidy']);
  log('[db]   vendoring sources...');
  go(['mod', 'vendor']);
  writeFileSync(
    path.join(work, 'vendor', MODULE, 'build', 'version', 'version.txt'),
    `${FERRETDB_VERSION}\n`,
  );
  log('[db]   compiling (this is the slow part)...');
  const tmp = `${ferretBinary}.tmp`;
  execFileSync('go', ['build', '-mod=vendor', '-trimpath', '-o', tmp, `${MODULE}/cmd/ferretdb`], {
    cwd: work,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  renameSync(tmp, ferretBinary);
  log(`[db] FerretDB built in ${Math.round((Date.now() - started) / 1000)} s: ${ferretBinary}`);
  return ferretBinary;
}

export interface RunningDatabase {
  uri: string;
  stop(): Promise<void>;
}

export async function startFerretDB(opts: {
  dataDir: string;
  port: number;
  log?: Log;
}): Promise<RunningDatabase> {
  const binary = ensureFerretDB(opts.log);
  // Something already listening would answer in place of the process started here (a FerretDB left
  // over by a killed server, say), with its own files: refuse rather than talk to it.
  if (await canConnect(opts.port)) {
    throw new Error(`port ${opts.port} is already in use: stop what listens there or set DB_PORT`);
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    binary,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${opts.dataDir}/`,
      `--listen-addr=127.0.0.1:${opts.port}`,
      `--state-dir=${opts.dataDir}`,
      '--telemetry=disable',
      '--debug-addr=-',
      '--log-level=error',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForPort(opts.port, { timeoutMs: 20_000, abort: exited });
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`FerretDB did not start on port ${opts.port}: ${(err as Error).message}\n${stderr}`);
  }
  return {
    uri: `mongodb://127.0.0.1:${opts.port}/`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
