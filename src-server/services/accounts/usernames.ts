import { usernameKey } from '../../../src-common/usernames';
import { conflict, type AppError } from '../../errors';
import { isDuplicateKeyError, type DuplicateKeyError } from '../../lib/duplicate-key';
import { usernameSkeleton } from '../../lib/username-skeleton';
import { UserModel } from '../../models/user';

/**
 * Who holds which name. Two unique indexes settle a clash, also between two requests at once: the
 * normalised lower-case name (`usernameLower`) and the confusable skeleton (`usernameSkeleton`).
 */

export const USERNAME_TAKEN = 'That username is already taken';
export const USERNAME_TOO_SIMILAR = "That name is too similar to an existing player's name";

/** What is stored for a name that passed the src-common rules. */
export const usernameFields = (username: string) => ({
  username,
  usernameLower: usernameKey(username),
  usernameSkeleton: usernameSkeleton(username),
});

/** 409 when another account holds the name in any case or spelling, or one that looks like it. */
export async function assertUsernameFree(username: string, exceptUserId?: number): Promise<void> {
  await usernameSkeletonsReady();
  const others = exceptUserId === undefined ? {} : { _id: { $ne: exceptUserId } };
  if (await UserModel.exists({ usernameLower: usernameKey(username), ...others })) {
    throw conflict(USERNAME_TAKEN, 'username');
  }
  if (await UserModel.exists({ usernameSkeleton: usernameSkeleton(username), ...others })) {
    throw conflict(USERNAME_TOO_SIMILAR, 'username');
  }
}

/** Which name index a duplicate key hit (MongoDB names the key; FerretDB only the index, in the message). */
function clashingIndex(err: DuplicateKeyError): 'usernameLower' | 'usernameSkeleton' | null {
  const keys = Object.keys(err.keyPattern ?? err.keyValue ?? {}).join(' ') + (err.message ?? '');
  if (keys.includes('usernameSkeleton')) return 'usernameSkeleton';
  if (keys.includes('usernameLower')) return 'usernameLower';
  return null;
}

/** The 409 for a duplicate key on a name index (a race the checks above lost), or null for anything else. */
export function usernameClash(err: unknown): AppError | null {
  if (!isDuplicateKeyError(err)) return null;
  const index = clashingIndex(err);
  if (index === 'usernameSkeleton') return conflict(USERNAME_TOO_SIMILAR, 'username');
  if (index === 'usernameLower') return conflict(USERNAME_TAKEN, 'username');
  return null;
}

/**
 * Gives accounts from before the skeleton was kept theirs, oldest first, so of two look-alike names
 * from before the rule the older one holds the skeleton and the younger keeps working without one
 * (and is tried again on the next start). Returns how many were filled.
 */
export async function backfillUsernameSkeletons(): Promise<number> {
  const missing = await UserModel.find({ usernameSkeleton: { $exists: false } }, { username: 1 }).lean<
    Array<{ _id: number; username: string }>
  >();
  missing.sort((a, b) => a._id - b._id);
  let filled = 0;
  for (const user of missing) {
    try {
      await UserModel.updateOne(
        { _id: user._id, usernameSkeleton: { $exists: false } },
        { $set: { usernameSkeleton: usernameSkeleton(user.username) } },
      );
      filled += 1;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
  return filled;
}

/** By database: a process serves one in production, but a test worker serves many in turn. */
const backfills = new Map<string, Promise<unknown>>();

/**
 * The backfill runs once per process, when a name is first claimed rather than at start-up, so a
 * start never waits on it; a failed run is tried again by the next claim.
 */
export function usernameSkeletonsReady(): Promise<unknown> {
  const database = UserModel.db.name;
  let backfill = backfills.get(database);
  if (!backfill) {
    backfill = backfillUsernameSkeletons().catch((err: unknown) => {
      backfills.delete(database);
      throw err;
    });
    backfills.set(database, backfill);
  }
  return backfill;
}

/** The account a seller name shown on the site belongs to: its exact (lower-case) spelling first, then its normalised form. */
export async function findUserIdByName(name: string): Promise<number | null> {
  const spellings = [...new Set([name.trim().toLowerCase(), usernameKey(name)])];
  const found = await UserModel.find({ usernameLower: { $in: spellings } }, { usernameLower: 1 }).lean<
    Array<{ _id: number; usernameLower: string }>
  >();
  for (const spelling of spellings) {
    const user = found.find((u) => u.usernameLower === spelling);
    if (user) return user._id;
  }
  return null;
}
