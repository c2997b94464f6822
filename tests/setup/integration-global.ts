import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { buildServerArgs } from '../../scripts/lib/build-server-args';
import { startWithReadyDatabases } from './ready-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    /**
     * Databases made ready for the test servers (ready-databases.ts), and the directory where a server
     * claims one for itself (test-server.ts).
     */
    readyDatabases: { names: string[]; claims: string };
    /** The directory of this run's compiled server (main.js, backup.js), as `npm run build` makes it. */
    serverBuild: string;
  }
}

/**
 * The compiled server for the processes the tests start (tests/helpers/server-process.ts), built once for
 * the run rather than transpiled by a TypeScript loader in each of them (seconds of CPU per start). It
 * goes beside the shared dist/server, which `npm start` rebuilds at any moment, at the same depth (the
 * bundle finds the project's files from there), one per run.
 */
async function buildServer(): Promise<string> {
  const outdir = path.join('.cache', `server-build-it-${process.pid}`);
  await promisify(execFile)(process.execPath, buildServerArgs(outdir), { encoding: 'utf8' }).catch(
    (err: Error & { stdout?: string; stderr?: string }) => {
      throw new Error(`building the server failed: ${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`);
    },
  );
  return path.resolve(outdir);
}

/**
 * How many ready databases (ready-databases.ts) the run's files will likely start test servers on: about
 * one a file, a few files start more (one that finds none left starts on a fresh database). None for a
 * run of a file or two, for which making them would cost more than it saves. The files are those the
 * command line names (vitest keeps its filters there), or all of the project's.
 */
async function readyDatabasesFor(project: TestProject): Promise<number> {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  return testFiles.length <= 2 ? 0 : Math.min(100, Math.ceil(testFiles.length * 1.2));
}

/**
 * One database server for the run (each test server gets a database of its own in it: test-server.ts)
 * and the compiled server, made side by side.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-it-'));
  const claims = path.join(dataDir, 'claims');
  mkdirSync(claims);
  const [started, build] = await Promise.allSettled([
    process.env.TEST_MONGODB_URI
      ? { db: { uri: process.env.TEST_MONGODB_URI, stop: async () => undefined }, ready: [] }
      : readyDatabasesFor(project).then((count) => startWithReadyDatabases(dataDir, count, console.log)),
    buildServer(),
  ]);
  const teardown = async () => {
    if (started.status === 'fulfilled') await started.value.db.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (build.status === 'fulfilled') rmSync(build.value, { recursive: true, force: true });
  };
  if (started.status === 'rejected' || build.status === 'rejected') {
    await teardown();
    throw started.status === 'rejected' ? started.reason : (build as PromiseRejectedResult).reason;
  }
  project.provide('mongoUri', started.value.db.uri);
  project.provide('readyDatabases', { names: started.value.ready, claims });
  project.provide('serverBuild', build.value);
  return teardown;
}
