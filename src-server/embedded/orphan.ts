import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

type Log = (line: string) => void;

/**
 * A process's argument vector from /proc, or null when it has ended (a zombie's is empty) or cannot
 * be read (no /proc outside Linux, so nothing is ever taken for ours there).
 */
export function commandLine(pid: number): string[] | null {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return args.length > 0 ? args : null;
  } catch {
    return null;
  }
}

export function writePidFile(file: string, pid: number): void {
  writeFileSync(file, `${pid}\n`);
}

export function removePidFile(file: string): void {
  rmSync(file, { force: true });
}

/**
 * A server killed without running its shutdown can leave its database process behind, holding the
 * port and the files. If the pidfile names a process that `isOurs` recognises by its command line, it
 * is ended (SIGTERM, then SIGKILL): it is not this process's child, so it could not be supervised.
 * A pidfile naming anything else is stale and only removed.
 */
export async function reclaimOrphan(
  file: string,
  isOurs: (args: string[]) => boolean,
  log: Log,
): Promise<void> {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return;
  }
  const ours = () => {
    const args = commandLine(pid);
    return args !== null && isOurs(args);
  };
  if (!Number.isInteger(pid) || pid <= 0 || !ours()) {
    removePidFile(file);
    return;
  }
  log(`[db] ending the database process ${pid} left running by an earlier server on this data directory`);
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      break;
    }
    // Not our child, so there is no exit event to await: poll its /proc entry, within a bound.
    for (let waited = 0; waited < 5000 && ours(); waited += 50) await sleep(50);
    if (!ours()) break;
  }
  if (ours()) throw new Error(`the database process ${pid} left by an earlier server does not stop`);
  removePidFile(file);
  log(`[db] ended the earlier database process ${pid}`);
}
