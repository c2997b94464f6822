import os from 'node:os';
import { WriterClaimModel, type WriterClaimDoc } from '../models/writer-claim';
import { isDuplicateKeyError } from './duplicate-key';

/**
 * The embedded FerretDB applies no write atomically, so correctness rests on a single writing process
 * that serialises writes in memory (lib/transactions.ts). At start the server claims the database; a
 * second process finds the claim of a live process and refuses to start. Nothing here waits or expires:
 * a claim blocks while its process is alive on this host, and a released claim or one whose process is
 * gone is superseded by inserting the next claim number, which only one starter can win.
 */
export class WriterClaimedError extends Error {}

const here = () => ({ pid: process.pid, hostname: os.hostname() });

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
  return claim.pid !== me.pid && isAlive(claim.pid);
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
