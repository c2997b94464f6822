import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, waitForPort } from '../../../src-server/lib/ports';
import { startNodeOptions } from '../../lib/start-options';
import { builtServer } from './server-build';

const here = path.dirname(new URL(import.meta.url).pathname);

/** How long a benchmarked server may take to listen before the benchmark gives up. */
const STARTUP_TIMEOUT_MS = 2 * 60 * 60 * 1000;

/**
 * The marketplace server, compiled, pinned to core 0, in production mode against the given database,
 * with the Node options `npm start` gives it.
 * Its warnings and errors are printed (among them each database command slower than DB_SLOW_MS);
 * `BENCH_LOG_LEVEL=info` prints its start-up steps too (and a line per request); `BENCH_NODE_ARGS` adds
 * Node options to it, space-separated (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof --trace-gc`).
 */
export async function startMarket(opts: {
  dbUri: string;
  dbName: string;
  dataDir: string;
  jwtSecret: string;
}): Promise<{ child: ChildProcess; base: string; startupMs: number }> {
  const port = await freePort();
  const server = builtServer();
  const started = performance.now();
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn('taskset', ['-c', '0', process.execPath, ...startNodeOptions(), ...nodeArgs, server], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      MONGODB_URI: opts.dbUri,
      DB_NAME: opts.dbName,
      SMTP_URL: 'smtp://127.0.0.1:9',
      JWT_SECRET: opts.jwtSecret,
      DATA_DIR: opts.dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A first start on a seeded embedded database reads every document: minutes at 500,000 offers, half an
  // hour at 1,000,000 trades on a busy machine.
  try {
    await waitForPort(port, {
      timeoutMs: STARTUP_TIMEOUT_MS,
      abort: new Promise((r) => child.once('exit', r)),
    });
  } catch (err) {
    // Not left running: it would go on reading the database that the caller stops next.
    await stopChild(child);
    throw err;
  }
  return { child, base: `http://127.0.0.1:${port}`, startupMs: performance.now() - started };
}

/** A bare node:http server on core 0 answering every request with `body`: the baseline. */
export async function startBareServer(body: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(
    'taskset',
    ['-c', '0', process.execPath, '--import', 'tsx', path.join(here, 'bare-json-server.ts')],
    { env: { ...process.env, PORT: String(port), BODY: body }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitForPort(port, { timeoutMs: 30_000 });
  return { child, base: `http://127.0.0.1:${port}` };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  // Already gone: by its own exit, or by a signal (then exitCode stays null).
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Ends the server as a crash would: no shutdown code runs. */
export async function crashChild(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export function hasWrk(): boolean {
  return spawnSync('which', ['wrk']).status === 0;
}

/** What wrk-report.lua prints: the run's request count and rate, latency percentiles in ms, errors. */
export interface WrkReport {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}
