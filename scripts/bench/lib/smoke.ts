import { spawn } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { projectRoot } from '../../../src-server/lib/project-root';

/** A benchmark run end to end at a tiny size, and the lines of figures it must print. */
export interface Smoke {
  name: string;
  args: string[];
  figures: RegExp[];
}

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
    // The run's compiled server (tests/setup/integration-global.ts), instead of a build per benchmark.
    env: { ...process.env, BENCH_SERVER_BUILD: inject('serverBuild') },
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

/**
 * One test per benchmark, one after another: each finishes and prints its figures, so that a change
 * that breaks one fails here rather than on the next person who measures. Only that is checked: the
 * values at this size (and on a shared machine) mean nothing.
 */
export function smokeBenchmarks(smokes: Smoke[]): void {
  describe('benchmarks at a smoke size', () => {
    it.for(smokes)(
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
}
