import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { commandLine } from '../../src-server/embedded/orphan';
import { freePort, waitForPort } from '../../src-server/lib/ports';

/**
 * A command of the compiled server the integration run built (tests/setup/integration-global.ts), as
 * `npm start` runs `main` and the production image `backup`: a process starts in about a second of CPU
 * instead of the several a TypeScript loader spends transpiling the sources.
 */
export function compiledServer(entry: 'main' | 'backup' = 'main'): string {
  return path.join(inject('serverBuild'), `${entry}.js`);
}

/** The server (the compiled bundle, as `npm start` runs it, unless told otherwise), in a process of its own. */
export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** Resolves once the output (so far or later) matches; rejects if the process exits first or time runs out. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves once the HTTP port accepts connections. */
  listening(): Promise<void>;
}

const started = new Set<ChildProcess>();

/** Kills what a test started and left running (a test that failed or timed out); call from afterAll. */
export function killServerProcesses(): void {
  for (const child of started) child.kill('SIGKILL');
}

export function startServerProcess(
  env: Record<string, string>,
  nodeArgs = [compiledServer()],
): ServerProcess {
  let output = '';
  const waiters = new Set<() => void>();
  const child = spawn(process.execPath, nodeArgs, {
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  started.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      started.delete(child);
      resolve(code);
    }),
  );
  return {
    child,
    exited,
    output: () => output,
    waitForOutput(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (!match) return;
          done();
          resolve(match);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        void exited.then(() => {
          if (!waiters.has(check)) return;
          done();
          reject(new Error(`the server exited before printing ${pattern}:\n${output}`));
        });
        waiters.add(check);
        check();
      });
    },
    listening: () =>
      waitForPort(Number(env.PORT), { timeoutMs: 60_000, abort: exited }).catch((err: Error) => {
        throw new Error(`${err.message}:\n${output}`);
      }),
  };
}

/** Free ports for everything one server process listens on. */
export async function serverPorts() {
  return {
    PORT: String(await freePort()),
    DB_PORT: String(await freePort()),
    MAILDEV_PORT: String(await freePort()),
    MAILDEV_SMTP_PORT: String(await freePort()),
  };
}

/** The embedded FerretDB's process id, from the pidfile its launcher keeps in the data directory. */
export function embeddedDatabasePid(dataDir: string): number {
  const pid = Number(readFileSync(path.join(dataDir, 'ferretdb', 'ferretdb.pid'), 'utf8'));
  if (!commandLine(pid)?.some((arg) => arg.endsWith('/ferretdb'))) {
    throw new Error(`process ${pid} from the pidfile is not a running FerretDB`);
  }
  return pid;
}

export function isRunning(pid: number): boolean {
  return commandLine(pid) !== null;
}

/** Resolves once the process is gone (an exited process that is not our child has no event to await). */
export async function waitUntilGone(pid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} is still running after ${timeoutMs} ms`);
    await sleep(20);
  }
}
