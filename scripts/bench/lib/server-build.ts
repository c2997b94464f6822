import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../../src-server/lib/project-root';
import { buildServerArgs } from '../../lib/build-server-args';

let built: string | null = null;

/**
 * The server's main.js compiled as `npm start` and the Docker image run it: no TypeScript loader, which
 * costs seconds of CPU at each start. Built on first use into a directory of this process's own under
 * .cache/ (two benchmarks running at once each build their own, at the depth the bundle finds the
 * project's files from), removed when the process exits. `BENCH_SERVER_BUILD` names a directory that holds
 * one already (the integration tests' build, which their benchmark smoke runs share).
 */
export function builtServer(): string {
  const prebuilt = process.env.BENCH_SERVER_BUILD;
  if (prebuilt) return path.join(prebuilt, 'main.js');
  if (!built) {
    const outdir = path.join(projectRoot, '.cache', `bench-server-${process.pid}`);
    execFileSync(process.execPath, buildServerArgs(outdir), {
      cwd: projectRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    built = path.join(outdir, 'main.js');
  }
  return built;
}
