import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../../src-server/embedded/embedded-database';
import { freePort } from '../../src-server/lib/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
  }
}

/** One database server for the run; each test file gets its own database in it (test-server.ts). */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-it-'));
  const db = process.env.TEST_MONGODB_URI
    ? { uri: process.env.TEST_MONGODB_URI, stop: async () => undefined }
    : await startEmbeddedDatabase({ dataDir, port: await freePort(), log: console.log });
  project.provide('mongoUri', db.uri);
  return async () => {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
