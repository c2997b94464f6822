import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startEmbeddedDatabase } from '../../../src-server/embedded/embedded-database';
import type { RunningDatabase } from '../../../src-server/embedded/ferretdb';
import { freePort } from '../../../src-server/lib/ports';
import { stopChild } from './market';

export interface BenchDatabase {
  db: RunningDatabase;
  dbName: string;
  /** The data directory the database and the servers started on it share. */
  dataDir: string;
  /** A process (a server) to stop when the benchmark ends, if it has not stopped by then. */
  stopAtEnd<T extends { child: ChildProcess }>(started: T): T;
}

/**
 * Runs one benchmark against a fresh embedded database in a temporary data directory, connected with
 * Mongoose for seeding (indexes are built by the server at start-up, once the data is in: far faster on
 * FerretDB). Whether `body` finishes or throws, the servers it handed to `stopAtEnd` are stopped, then
 * the database, and the directory is removed; a failure is printed and ends the process with code 1.
 */
export function runOnBenchDatabase(name: string, body: (bench: BenchDatabase) => Promise<void>): void {
  const run = async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `market-bench-${name}-`));
    const db = await startEmbeddedDatabase({ dataDir, port: await freePort(), log: console.log });
    const started: ChildProcess[] = [];
    const dbName = `bench_${name.replace(/-/g, '_')}`;
    try {
      await mongoose.connect(db.uri, { dbName, autoIndex: false });
      await body({
        db,
        dbName,
        dataDir,
        stopAtEnd(process) {
          started.push(process.child);
          return process;
        },
      });
    } finally {
      await mongoose.disconnect();
      for (const child of started.reverse()) await stopChild(child);
      await db.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  run().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
