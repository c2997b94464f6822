import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../../src-server/embedded/embedded-database';
import { freePort } from '../../src-server/lib/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    /** The directory of this run's compiled server (main.js, backup.js), as `npm run build` makes it. */
    serverBuild: string;
  }
}

/**
 * The compiled server for the processes the tests start (tests/helpers/server-process.ts), built once for
 * the run rather than transpiled by a TypeScript loader in each of them (seconds of CPU per start). It
 * goes beside the shared dist/server, which `npm start` and the end-to-end set-up rebuild at any moment,
 * at the same depth (the bundle finds the project's files from there), one per run.
 */
async function buildServer(): Promise<string> {
  const outdir = path.join('.cache', `server-build-it-${process.pid}`);
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-server.ts', '--outdir', outdir],
    { encoding: 'utf8' },
  ).catch((err: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`building the server failed: ${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`);
  });
  return path.resolve(outdir);
}

/**
 * One database server for the run (each test file gets its own database in it: test-server.ts) and the
 * compiled server, made side by side.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-it-'));
  const [db, build] = await Promise.allSettled([
    process.env.TEST_MONGODB_URI
      ? { uri: process.env.TEST_MONGODB_URI, stop: async () => undefined }
      : freePort().then((port) => startEmbeddedDatabase({ dataDir, port, log: console.log })),
    buildServer(),
  ]);
  const teardown = async () => {
    if (db.status === 'fulfilled') await db.value.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (build.status === 'fulfilled') rmSync(build.value, { recursive: true, force: true });
  };
  if (db.status === 'rejected' || build.status === 'rejected') {
    await teardown();
    throw db.status === 'rejected' ? db.reason : (build as PromiseRejectedResult).reason;
  }
  project.provide('mongoUri', db.value.uri);
  project.provide('serverBuild', build.value);
  return teardown;
}
