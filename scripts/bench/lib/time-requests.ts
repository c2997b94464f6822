import { spawn } from 'node:child_process';
import path from 'node:path';
import { summarise } from './stats';

const here = path.dirname(new URL(import.meta.url).pathname);

type Requests = { path: string; token?: string }[];
type Answer = { times?: Record<string, number[]>; error?: string };
type Summary = ReturnType<typeof summarise>;

/**
 * Times requests one at a time over HTTP from a small process of its own pinned to core 1 (the server
 * runs on core 0), so the figures hold the server's time and not the pauses of a benchmark process that
 * has just seeded hundreds of thousands of documents. The process (lib/request-timer.ts) is started
 * once and serves every `time`, which asks each named list in turn and summarises it under its name;
 * stopping `child` ends it (and so does this process's end).
 */
export function requestTimer() {
  const child = spawn(
    'taskset',
    ['-c', '1', process.execPath, '--import', 'tsx', path.join(here, 'request-timer.ts')],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const time = <Name extends string>(base: string, lists: Record<Name, Requests>) =>
    new Promise<Record<Name, Summary>>((resolve, reject) => {
      const onExit = () => reject(new Error('the request timer exited'));
      child.once('exit', onExit);
      child.once('message', ({ times, error }: Answer) => {
        child.off('exit', onExit);
        if (!times) return reject(new Error(error));
        const entries = Object.entries(times).map(([name, ms]) => [name, summarise(ms)]);
        resolve(Object.fromEntries(entries) as Record<Name, Summary>);
      });
      child.send({ base, lists });
    });
  return { child, time };
}
