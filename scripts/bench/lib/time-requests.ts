import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { summarise } from './stats';

const here = path.dirname(new URL(import.meta.url).pathname);

type Requests = { path: string; token?: string }[];

/**
 * Times requests one at a time over HTTP from a small process of its own pinned to core 1 (the server
 * runs on core 0), so the figures hold the server's time and not the pauses of a benchmark process that
 * has just seeded hundreds of thousands of documents. Each named list is asked in turn, in one such
 * process, and summarised under its name.
 */
export async function timeRequests<Name extends string>(
  base: string,
  lists: Record<Name, Requests>,
): Promise<Record<Name, ReturnType<typeof summarise>>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-requests-'));
  try {
    const file = path.join(dir, 'requests.json');
    writeFileSync(file, JSON.stringify(lists));
    const { stdout } = await promisify(execFile)(
      'taskset',
      ['-c', '1', process.execPath, '--import', 'tsx', path.join(here, 'request-timer.ts'), base, file],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const times = JSON.parse(stdout) as Record<Name, number[]>;
    return Object.fromEntries(
      Object.entries<number[]>(times).map(([name, ms]) => [name, summarise(ms)]),
    ) as Record<Name, ReturnType<typeof summarise>>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
