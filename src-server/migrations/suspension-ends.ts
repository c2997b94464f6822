import { isDuplicateKeyError } from '../lib/duplicate-key';
import { CounterModel } from '../models/counter';
import { SuspensionEndModel } from '../models/suspension-end';
import { UserModel } from '../models/user';
import type { StoredSuspension } from '../policies/suspension';

/** The counters document that says the suspensions' end dates were gathered on this database. */
export const SUSPENSION_ENDS_MARK = 'migration:suspension-ends';

/**
 * Gathers the end dates of the timed suspensions in effect into `suspension_ends`
 * (models/suspension-end.ts), at start-up: one read of every user, once. An end date already there is
 * kept (a live suspend wrote it after the read), so it is safe to run twice; a finished run leaves a
 * mark, so later starts read one counters document. Returns how many end dates it added.
 */
export async function migrateSuspensionEnds(): Promise<number> {
  if (await CounterModel.exists({ _id: SUSPENSION_ENDS_MARK })) return 0;
  const timed = await UserModel.find({ 'suspension.until': { $ne: null } }, { suspension: 1 }).lean<
    { _id: number; suspension: StoredSuspension }[]
  >();
  let added = 0;
  for (const { _id, suspension } of timed) {
    if (!suspension.until) continue;
    try {
      await SuspensionEndModel.create({ _id, until: suspension.until });
      added += 1;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
  await CounterModel.updateOne({ _id: SUSPENSION_ENDS_MARK }, { $set: { seq: 1 } }, { upsert: true });
  return added;
}
