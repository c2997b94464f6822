import { spawn } from 'node:child_process';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * Runs wrk pinned to core 1 with one of this folder's Lua scripts for `seconds` and returns the JSON line
 * it prints. Async, so the benchmark's own process keeps working (posting listings) meanwhile.
 * `seconds` may have a fraction (a smoke run's): wrk's -d takes whole seconds, so it gets the next whole
 * one and SIGINT once the time is up, on which it ends the run and reports it as usual. The time counts
 * from its "Running" line, printed once it handles SIGINT (line-buffered by stdbuf to arrive at once).
 */
export function wrk<T>(
  url: string,
  opts: { script: string; connections: number; seconds: number; args?: string[] },
): Promise<T> {
  const cutShort = !Number.isInteger(opts.seconds);
  const argv = ['-c', '1', ...(cutShort ? ['stdbuf', '-oL'] : []), 'wrk', '-t1', `-c${opts.connections}`];
  argv.push(`-d${Math.ceil(opts.seconds)}s`, '-s', path.join(here, opts.script), url);
  if (opts.args) argv.push('--', ...opts.args);
  return new Promise((resolve, reject) => {
    // taskset and stdbuf each exec the next, so the child's pid is wrk's.
    const child = spawn('taskset', argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (cutShort && !timer && out.includes('Running ')) {
        timer = setTimeout(() => child.kill('SIGINT'), opts.seconds * 1000);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', () => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as T);
      else reject(new Error(`wrk failed: ${out}`));
    });
  });
}
