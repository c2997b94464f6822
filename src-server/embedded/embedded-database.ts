import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startFerretDB, type RunningDatabase } from './ferretdb';

const databaseDir = (dataDir: string) => path.join(dataDir, 'ferretdb');

/**
 * The embedded default: FerretDB (SQLite) under `<dataDir>/ferretdb`, built with Go on first use
 * (ferretdb.ts). Nothing is downloaded at run time, so it works offline.
 */
export async function startEmbeddedDatabase(opts: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<RunningDatabase> {
  return startFerretDB({ dataDir: databaseDir(opts.dataDir), port: opts.port, log: opts.log });
}

/**
 * The pid of the database process running on this DATA_DIR (from the pidfile ferretdb.ts keeps
 * beside its files), or null when none runs: lets a command refuse to share the files with a server.
 */
export function runningEmbeddedDatabase(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path.join(databaseDir(dataDir), 'ferretdb.pid'), 'utf8'), 10);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0); // throws when no such process runs
    return pid;
  } catch {
    return null;
  }
}
