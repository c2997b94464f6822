import { spawn } from 'node:child_process';
import { freePort, waitForPort } from '../../src-server/lib/ports';

export interface RunningRedis {
  url: string;
  stop(): Promise<void>;
}

/** Debian's redis-server on a free loopback port, in memory only. */
export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', () => undefined);
  await waitForPort(port, { timeoutMs: 10_000, abort: exited });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
