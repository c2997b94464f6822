import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { summarise } from './stats';

const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * Times requests one at a time over HTTP from a small process of its own pinned to core 1 (the server
 * runs on core 0), so the figures hold the server's time and not the pauses of a benchmark process that
 * has just seeded hundreds of thousands of documents.
 */
export async function timeRequests(base: string, requests: { path: string; token?: string }[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-requests-'));
  try {
    const file = path.join(dir, 'requests.json');
    writeFileSync(file, JSON.stringify(requests));
    const { stdout } = await promisify(execFile)(
      'taskset',
      ['-c', '1', process.execPath, '--import', 'tsx', path.join(here, 'request-timer.ts'), base, file],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return summarise(JSON.parse(stdout) as number[]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
