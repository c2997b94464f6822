import { readFileSync } from 'node:fs';
import os from 'node:os';
import { WriterClaimModel, type WriterClaimDoc } from '../models/writer-claim';
import { isDuplicateKeyError } from './duplicate-key';

/**
 * The embedded FerretDB applies no write atomically, so correctness rests on a single writing process
 * that serialises writes in memory (lib/transactions.ts). At start the server claims the database; a
 * second process finds the claim of a live process and refuses to start. Nothing here waits or expires:
 * a claim blocks while its process is alive on this host, and a released claim or one whose process is
 * gone (or whose pid now belongs to another process) is superseded by inserting the next claim number,
 * which only one starter can win.
 */
export class WriterClaimedError extends Error {}

const here = () => ({ pid: process.pid, hostname: os.hostname(), startTicks: startTicksOf(process.pid) });

/**
 * Linux: when a process started, in clock ticks since boot (field 22 of /proc/<pid>/stat). It tells the
 * claimant from a later process that was given the same pid after the claimant died. Null elsewhere.
 */
function startTicksOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function blocks(claim: WriterClaimDoc): boolean {
  if (claim.releasedAt) return false;
  const me = here();
  if (claim.hostname !== me.hostname) return true; // its process cannot be checked from here
  if (claim.pid === me.pid || !isAlive(claim.pid)) return false;
  return !claim.startTicks || startTicksOf(claim.pid) === claim.startTicks;
}

/** Claims the database for this process; resolves to the release to call on clean shutdown. */
export async function claimEmbeddedWriter(dbName: string): Promise<() => Promise<void>> {
  for (;;) {
    const current = await WriterClaimModel.findOne().sort({ _id: -1 }).lean<WriterClaimDoc>();
    if (current && blocks(current)) {
      throw new WriterClaimedError(
        `The embedded database "${dbName}" is already in use by server process ${current.pid} on ` +
          `${current.hostname}: only one process may write to it. Clustering needs MongoDB (MONGODB_URI) ` +
          `and Redis (REDIS_URL).`,
      );
    }
    const number = (current?._id ?? 0) + 1;
    try {
      await WriterClaimModel.create({ _id: number, ...here(), startedAt: new Date() });
    } catch (err) {
      if (isDuplicateKeyError(err)) continue; // another starter claimed first: look at its claim
      throw err;
    }
    await WriterClaimModel.deleteMany({ _id: { $lt: number } });
    return async () => {
      await WriterClaimModel.updateOne({ _id: number }, { $set: { releasedAt: new Date() } });
    };
  }
}
