import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src-server/lib/project-root';

/**
 * Every benchmark of `npm run bench`, run end to end at a tiny size, so that a change that breaks one
 * fails here rather than on the next person who measures. Only that each finishes and prints its
 * figures is checked: the values at this size (and on a shared machine) mean nothing.
 */
const SMOKES: { name: string; args: string[]; figures: RegExp[] }[] = [
  {
    name: 'saved-searches',
    args: ['--searches', '50', '--writes', '50'],
    figures: [
      /^new listing \(matches once\) +p50 /m,
      /^edit \(matches before and after\) +p50 /m,
      /^every search tested \(no index\) +p50 /m,
      /^target p95 < 2 ms: /m,
    ],
  },
  {
    name: 'backup',
    args: ['--listings', '200'],
    figures: [
      /^backup: +\d+ documents in .*, archive /m,
      /^verify: +checksum and counts in /m,
      /^restore: /m,
    ],
  },
  {
    name: 'listings',
    args: ['--listings', '200', '--rounds', '1', '--seconds', '1', '--connections', '2'],
    figures: [/^ {2}marketplace +p50 .* req\/s/m, /^ {2}bare node:http +p50 .* req\/s/m, /^ {2}throughput /m],
  },
  {
    name: 'browse-mix',
    args: ['--listings', '200', '--queries', '20', '--seconds', '1', '--connections', '2', '--writes', '2'],
    figures: [
      /^read model \(this process\): /m,
      /^each of \d+ queries answered uncached .*second pass/m,
      /^ {2}browse, no writes +p50 /m,
      /^ {2}browse, 2 writes\/s +p50 /m,
      /^ {2}writes: \d+ accepted of \d+ sent/m,
      /^start-up to listening after a crash/m,
      /^ {2}bare node:http \(one page\) +p50 /m,
    ],
  },
  {
    name: 'offers',
    args: ['--offers', '200', '--listings', '50', '--requests', '20'],
    figures: [
      /^ {2}offer stats \(4 counts\) +p50 /m,
      /^ {2}GET \/api\/offers\/listing\/\{id\} +p50 /m,
      /^ {2}GET \/api\/profile\/\{own id\} \(My Listings\) +p50 /m,
      /^start-up to listening after a crash/m,
    ],
  },
  {
    name: 'market',
    args: [
      ...['--listings', '200', '--trades', '50', '--items', '5', '--seconds', '1', '--connections', '2'],
      ...['--price-sets', '5', '--writes', '2', '--watchers', '5', '--accepts', '2'],
    ],
    figures: [
      /^price history \(this process\): /m,
      /^ {2}GET items\/\{name\} +p50 /m,
      /^ {2}GET overview +p50 /m,
      /^ {2}GET prices \(100 items\) +p50 .* errors 0 /m,
      /^ {2}meanwhile: \d+ of \d+ listings posted .* \d+ trades accepted/m,
      /^accepted offer -> market:trade, 5 watchers, 2 accepts .* p50 /m,
    ],
  },
  {
    name: 'presence',
    args: ['--sockets', '20', '--watch', '3', '--users', '10', '--changes', '2'],
    figures: [
      /^ {2}p50 .* ms {2}max .* ms$/m,
      /^ {2}delivered \d+\/\d+; heard by sockets watching nobody: /m,
    ],
  },
  {
    name: 'realtime',
    args: ['--sizes', '20', '--events', '2'],
    figures: [
      /^socket\.io, 1 process +N= +20 +p50 /m,
      /^raw ws baseline +N= +20 +p50 /m,
      /^socket\.io, 2 processes \+ Redis +N= +20 +p50 /m,
    ],
  },
  {
    name: 'db-outage',
    args: ['--runs', '1'],
    figures: [/^run 1: first 503 DB_UNAVAILABLE .* a write succeeded again /m, /^median: first 503 /m],
  },
];

/**
 * Runs `scripts/bench.ts <name> <args>` as `npm run bench` does; resolves to its exit code and output.
 * It runs in a process group of its own, so a test that times out stops it with every process it started.
 */
function runBenchmark(
  name: string,
  args: string[],
  signal: AbortSignal,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', name, ...args], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => child.pid && process.kill(-child.pid, 'SIGTERM');
  signal.addEventListener('abort', stop, { once: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      signal.removeEventListener('abort', stop);
      resolve({ code, output });
    }),
  );
}

describe('every benchmark at a smoke size', () => {
  it.for(SMOKES)(
    '$name finishes and prints its figures',
    // Each starts its own database and servers; a loaded 2-core machine takes a minute or two for some.
    { timeout: 240_000 },
    async ({ name, args, figures }, { signal }) => {
      const { code, output } = await runBenchmark(name, args, signal);
      expect(code, output).toBe(0);
      for (const line of figures) expect(output).toMatch(line);
    },
  );
});
