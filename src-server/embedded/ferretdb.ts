import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { canConnect, waitForPort } from '../lib/ports';
import { PATCHED_BUILD, patchFerretDB } from './ferretdb-patches';
import { reclaimOrphan, removePidFile, writePidFile } from './orphan';

export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Named after the version and the patch (ferretdb-patches.ts), so a build without it is not reused. */
const buildDir = path.join(projectRoot, '.cache', 'ferretdb', `${FERRETDB_VERSION}-${PATCHED_BUILD}`);
export const ferretBinary = path.join(buildDir, 'ferretdb');

type Log = (line: string) => void;

function commandWorks(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function hasGo(): boolean {
  return commandWorks('go', ['version']);
}

/**
 * Builds FerretDB once into the project's cache. `go install pkg@version` would be the plain way,
 * but the module proxy refuses the module's version list (its deprecation check fails with 403) and
 * the module zip lacks the generated build/version/version.txt, so the binary would panic at start.
 * A throwaway wrapper module that requires the same version, vendored so that file can be supplied,
 * builds the same code, with the `_id` index edits of ferretdb-patches.ts applied to the vendored sources.
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
  log('[db]   making lookups by _id use the _id index (ferretdb-patches.ts)...');
  patchFerretDB(path.join(work, 'vendor', MODULE));
  log('[db]   compiling (this is the slow part)...');
  const tmp = `${ferretBinary}.tmp`;
  // Only the SQLite handler ever runs (ferretArgs). Leaving out the PostgreSQL one, and the debug information
  // and symbol tables nothing here reads, takes a build with an empty Go cache (as on a fresh machine) from
  // 59 s and 110 CPU-s to 46 s and 85, and the binary from 46 MB to 30.
  execFileSync(
    'go',
    [
      'build',
      '-mod=vendor',
      '-trimpath',
      '-tags=ferretdb_no_postgresql',
      '-ldflags=-s -w',
      '-gcflags=all=-dwarf=false',
      '-o',
      tmp,
      `${MODULE}/cmd/ferretdb`,
    ],
    { cwd: work, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  renameSync(tmp, ferretBinary);
  log(`[db] FerretDB built in ${Math.round((Date.now() - started) / 1000)} s: ${ferretBinary}`);
  return ferretBinary;
}

export interface RunningDatabase {
  uri: string;
  /** Stops the database (and, for FerretDB, its supervision) and waits until it has exited. */
  stop(): Promise<void>;
}

/** Restart delays after FerretDB dies: the first, doubling with each consecutive failure up to the cap. */
export const RESTART_DELAY_MS = { first: 500, max: 8000 };
/** A run at least this long was healthy: the next crash starts again from the first delay. */
const STABLE_RUN_MS = 30_000;
const STOP_GRACE_MS = 5000;

/** The command line FerretDB runs with: SQLite files and state under `dataDir`, on 127.0.0.1 only. */
export function ferretArgs(dataDir: string, port: number): string[] {
  return [
    '--handler=sqlite',
    `--sqlite-url=file:${dataDir}/`,
    `--listen-addr=127.0.0.1:${port}`,
    `--state-dir=${dataDir}`,
    '--telemetry=disable',
    '--debug-addr=-',
    '--log-level=error',
  ];
}

let setprivWorks: boolean | undefined;
/**
 * On Linux, util-linux's `setpriv --pdeathsig` asks the kernel to signal FerretDB the moment the
 * process that started it dies, even by `kill -9`, when no shutdown code of ours can run. Elsewhere
 * the pidfile (see orphan.ts) is what ends a leftover at the next start.
 */
function launch(binary: string, args: string[]): ChildProcess {
  setprivWorks ??= commandWorks('setpriv', ['--pdeathsig', 'TERM', '--', 'true']);
  const [command, argv] = setprivWorks
    ? ['setpriv', ['--pdeathsig', 'TERM', '--', binary, ...args]]
    : [binary, args];
  return spawn(command, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
}

interface Run {
  child: ChildProcess;
  startedAt: number;
  /** Settles once the process is gone, with how it ended. */
  exited: Promise<string>;
  stderr(): string;
}

/** Starts one FerretDB process and resolves once it accepts connections. */
async function runFerretDB(binary: string, dataDir: string, port: number): Promise<Run> {
  const child = launch(binary, ferretArgs(dataDir, port));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`));
    child.once('error', (err) => resolve(err.message));
  });
  try {
    await waitForPort(port, { timeoutMs: 20_000, abort: exited });
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`FerretDB did not start on port ${port}: ${(err as Error).message}\n${stderr}`);
  }
  return { child, startedAt: Date.now(), exited, stderr: () => stderr.trim() };
}

async function terminate(run: Run): Promise<void> {
  if (run.child.exitCode !== null || run.child.signalCode !== null) return;
  run.child.kill('SIGTERM');
  const timer = setTimeout(() => run.child.kill('SIGKILL'), STOP_GRACE_MS);
  await run.exited;
  clearTimeout(timer);
}

/**
 * FerretDB as a supervised child of this process. It never outlives the process (parent-death
 * signal, an exit hook for `process.exit`, and a pidfile in its data directory that the next start
 * uses to end a leftover), and when it dies unexpectedly it is restarted on the same port with
 * backoff, so the driver reconnects by itself.
 */
export async function startFerretDB(opts: {
  dataDir: string;
  port: number;
  log?: Log;
}): Promise<RunningDatabase> {
  const log = opts.log ?? (() => undefined);
  const binary = ensureFerretDB(opts.log);
  mkdirSync(opts.dataDir, { recursive: true });
  const pidFile = path.join(opts.dataDir, 'ferretdb.pid');
  await reclaimOrphan(
    pidFile,
    (args) => args[0] === binary && args.includes(`--state-dir=${opts.dataDir}`),
    log,
  );
  // Something else listening would answer in place of the process started here, with its own files:
  // refuse rather than talk to it.
  if (await canConnect(opts.port)) {
    throw new Error(`port ${opts.port} is already in use: stop what listens there or set DB_PORT`);
  }

  let current = await runFerretDB(binary, opts.dataDir, opts.port);
  writePidFile(pidFile, current.child.pid!);
  let stopping = false;
  let delay = RESTART_DELAY_MS.first;
  let timer: NodeJS.Timeout | null = null;
  let restarting: Promise<void> = Promise.resolve();
  // process.exit (the forced shutdown, a crash) runs no async code: signal the child synchronously.
  const killOnExit = () => current.child.kill('SIGTERM');
  process.on('exit', killOnExit);

  const restart = async () => {
    timer = null;
    try {
      if (await canConnect(opts.port)) throw new Error(`port ${opts.port} is taken by another process`);
      const run = await runFerretDB(binary, opts.dataDir, opts.port);
      if (stopping) return void (await terminate(run));
      current = run;
      writePidFile(pidFile, run.child.pid!);
      log(`[db] FerretDB restarted on port ${opts.port}`);
      supervise(run);
    } catch (err) {
      if (stopping) return;
      log(`[db] FerretDB restart failed: ${(err as Error).message.split('\n')[0]}`);
      scheduleRestart();
    }
  };
  const scheduleRestart = () => {
    log(`[db] restarting FerretDB in ${delay} ms`);
    timer = setTimeout(() => (restarting = restart()), delay);
    delay = Math.min(delay * 2, RESTART_DELAY_MS.max);
  };
  const supervise = (run: Run) => {
    void run.exited.then((how) => {
      if (stopping) return;
      if (Date.now() - run.startedAt >= STABLE_RUN_MS) delay = RESTART_DELAY_MS.first;
      const detail = run.stderr() ? `: ${run.stderr().split('\n').slice(-1)[0]}` : '';
      log(`[db] FerretDB (pid ${run.child.pid}) exited unexpectedly (${how})${detail}`);
      scheduleRestart();
    });
  };
  supervise(current);

  return {
    uri: `mongodb://127.0.0.1:${opts.port}/`,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await restarting;
      process.off('exit', killOnExit);
      await terminate(current);
      removePidFile(pidFile);
    },
  };
}
