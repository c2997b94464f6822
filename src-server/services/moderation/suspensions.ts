import { ErrorCode } from '../../../src-common/errors';
import {
  SUSPENDED_TRADER_REASON,
  type AccountSuspension,
  type SuspendInput,
} from '../../../src-common/schemas/suspension';
import type { AppDeps } from '../../deps';
import { AppError, conflict, notFound } from '../../errors';
import { inTransaction } from '../../lib/transactions';
import { ListingModel } from '../../models/listing';
import { OfferModel } from '../../models/offer';
import { SuspensionEndModel } from '../../models/suspension-end';
import { UserModel } from '../../models/user';
import { isAdmin } from '../../policies/admin';
import {
  assertCanSuspend,
  isSuspended,
  suspensionEnd,
  type StoredSuspension,
} from '../../policies/suspension';
import { disconnectApiTokens } from '../accounts/api-tokens';
import { endAllSessions } from '../accounts/sessions';
import { hideListingsOf, showListingsOf } from '../listings/suspended-listings';
import type { NotifyDeps } from '../notifications/notify';
import { rejectPendingOffers } from '../offers/reject-offers';
import { recordAudit } from './audit';

export type SuspensionDeps = NotifyDeps & Pick<AppDeps, 'sessions'>;

interface SuspendedAccount {
  _id: number;
  username: string;
  suspension?: StoredSuspension | null;
}

/**
 * Suspending and lifting one account run one at a time as a unit of work that writes the user's
 * `suspension` and its end date's entry in `suspension_ends` together (a transaction on MongoDB, the key's
 * lock on FerretDB, where a conditional write is not atomic).
 */
const suspensionKey = (userId: number) => `suspension:${userId}`;

/** The end date's entry as the suspension now is: kept for a timed one, none for a permanent one or none. */
async function writeEnd(userId: number, until: Date | null): Promise<void> {
  if (!until) {
    await SuspensionEndModel.deleteOne({ _id: userId });
    return;
  }
  const written = await SuspensionEndModel.updateOne({ _id: userId }, { $set: { until } });
  if (!written.matchedCount) await SuspensionEndModel.create({ _id: userId, until });
}

function present(user: SuspendedAccount): AccountSuspension {
  const { suspension } = user;
  return {
    id: user._id,
    username: user.username,
    suspension: suspension
      ? {
          reason: suspension.reason,
          until: suspension.until ? suspension.until.toISOString() : null,
          at: suspension.at.toISOString(),
          by: suspension.by,
        }
      : null,
  };
}

/** The login refusal (email or Discord) of a suspended account, with its reason and end for the popup. */
export const accountSuspended = (suspension: StoredSuspension) =>
  new AppError(403, ErrorCode.ACCOUNT_SUSPENDED, 'This account is suspended', {
    reason: suspension.reason,
    until: suspension.until ? suspension.until.toISOString() : null,
  });

const auditNote = (suspension: StoredSuspension) =>
  `${suspension.reason} (${suspension.until ? `until ${suspension.until.toISOString()}` : 'permanent'})`;

/**
 * Suspends a player (POST /api/admin/users/{id}/suspend, or a report resolved with `suspend-user`).
 * Suspending an account that already is replaces its reason and end (an admin extending or shortening
 * it); each time its effects are applied again, which changes nothing already done:
 * - every session ends (its generation goes up, on every process: services/accounts/sessions.ts) and the
 *   sockets of its personal API tokens are dropped; those tokens are refused while it lasts;
 * - its pending offers, and the pending offers on its listings, are rejected ("This trader is suspended");
 *   trades stay as they are;
 * - its active listings are hidden (services/listings/suspended-listings.ts), never deleted.
 * Returns the account with its suspension; the audit log records it (`user.suspend`).
 */
export async function suspendUser(
  deps: SuspensionDeps,
  adminId: number,
  userId: number,
  input: { reason: SuspendInput['reason']; days?: number | null },
): Promise<AccountSuspension> {
  const target = await UserModel.findById(userId, { _id: 1 }).lean<{ _id: number }>();
  if (!target) throw notFound('user');
  assertCanSuspend(adminId, userId, await isAdmin(userId));
  const at = new Date();
  const suspension: StoredSuspension = {
    reason: input.reason,
    until: suspensionEnd(at, input.days),
    at,
    by: adminId,
  };
  const user = await inTransaction(suspensionKey(userId), async () => {
    const doc = await UserModel.findOneAndUpdate(
      { _id: userId },
      { $set: { suspension } },
      { returnDocument: 'after' },
    ).lean<SuspendedAccount>();
    if (doc) await writeEnd(userId, suspension.until ?? null);
    return doc;
  });
  if (!user) throw notFound('user');
  // Sessions first: from here on the player can no longer make or answer an offer or post a listing.
  await endAllSessions(deps, userId);
  await disconnectApiTokens(deps, userId);
  await rejectOffersOf(deps, userId);
  await matchListings(deps, userId);
  await recordAudit({
    actorId: adminId,
    action: 'user.suspend',
    target: { type: 'user', id: userId },
    note: auditNote(suspension),
  });
  return present(user);
}

const hasSuspension = async (userId: number) =>
  !!(await UserModel.findById(userId, { suspension: 1 }).lean<Pick<SuspendedAccount, 'suspension'>>())
    ?.suspension;

/**
 * Hides or shows the user's listings as the account now is, again until a read after the pass finds
 * the account as before it: a suspend and a lift racing on one account (two admins, the sweep and an
 * admin extending it) leave the listings as the account ends up, whichever finishes last.
 */
async function matchListings(deps: Pick<AppDeps, 'publisher'>, userId: number): Promise<void> {
  for (let suspended = await hasSuspension(userId); ;) {
    await (suspended ? hideListingsOf : showListingsOf)(deps, userId);
    const now = await hasSuspension(userId);
    if (now === suspended) return;
    suspended = now;
  }
}

/** The offers the player made and those made on their listings, while still pending. */
async function rejectOffersOf(deps: SuspensionDeps, userId: number): Promise<void> {
  const listings = await ListingModel.find({ userId, status: 'active' }, { _id: 1 }).lean<
    { _id: number }[]
  >();
  const [made, received] = await Promise.all([
    OfferModel.find({ userId, status: 'pending' }, { _id: 1 }).lean<{ _id: number }[]>(),
    listings.length
      ? OfferModel.find(
          { listingId: { $in: listings.map((l) => l._id) }, status: 'pending' },
          { _id: 1 },
        ).lean<{ _id: number }[]>()
      : [],
  ]);
  await rejectPendingOffers(
    deps,
    [...made, ...received].map((offer) => offer._id),
    SUSPENDED_TRADER_REASON,
  );
}

/**
 * Clears the suspension if `stillDue` holds for it (a conditional write: among admins lifting at once, a
 * sweep and a login after the end date, one wins) and brings the listings back. Returns the lifted
 * suspension, or null when there was none to lift.
 */
async function lift(
  deps: Pick<AppDeps, 'publisher'>,
  userId: number,
  stillDue: Record<string, unknown>,
): Promise<{ user: SuspendedAccount; was: StoredSuspension } | null> {
  const before = await inTransaction(suspensionKey(userId), async () => {
    const doc = await UserModel.findOneAndUpdate(
      { _id: userId, ...stillDue },
      { $set: { suspension: null } },
      { returnDocument: 'before' },
    ).lean<SuspendedAccount>();
    if (doc?.suspension) await writeEnd(userId, null);
    return doc;
  });
  if (!before?.suspension) return null;
  await matchListings(deps, userId);
  return { user: { ...before, suspension: null }, was: before.suspension };
}

/** Lifts a suspension by hand (POST /api/admin/users/{id}/unsuspend); 409 when the account is not suspended. */
export async function unsuspendUser(
  deps: SuspensionDeps,
  adminId: number,
  userId: number,
): Promise<AccountSuspension> {
  if (!(await UserModel.exists({ _id: userId }))) throw notFound('user');
  const lifted = await lift(deps, userId, { suspension: { $ne: null } });
  if (!lifted) throw conflict('This account is not suspended.');
  await recordAudit({
    actorId: adminId,
    action: 'user.unsuspend',
    target: { type: 'user', id: userId },
    note: null,
  });
  return present(lifted.user);
}

/**
 * Ends a suspension whose end date has passed, as an unsuspend does; the audit entry names the admin who
 * suspended, with the note "expired". Safe to race (the sweeps of several processes, a login): one wins.
 */
export async function liftIfExpired(
  deps: SuspensionDeps,
  userId: number,
  now = new Date(),
): Promise<boolean> {
  const lifted = await lift(deps, userId, { 'suspension.until': { $lte: now } });
  if (!lifted) return false;
  await recordAudit({
    actorId: lifted.was.by,
    action: 'user.unsuspend',
    target: { type: 'user', id: userId },
    note: 'expired',
  });
  return true;
}

/**
 * An end date whose suspension was not lifted is dropped if the account no longer has a timed suspension
 * (it was deleted): otherwise it was lifted or changed by someone else, who wrote the entry too.
 */
const dropStaleEnd = (userId: number) =>
  inTransaction(suspensionKey(userId), async () => {
    const user = await UserModel.findById(userId, { suspension: 1 }).lean<
      Pick<SuspendedAccount, 'suspension'>
    >();
    if (!user?.suspension?.until) await SuspensionEndModel.deleteOne({ _id: userId });
  });

/**
 * Lifts every suspension whose end date has passed; returns how many this call lifted. It reads the
 * timed suspensions' end dates (`suspension_ends`, a few documents), never the users: on the embedded
 * FerretDB a filter on the users reads every account.
 */
export async function liftExpiredSuspensions(deps: SuspensionDeps, now = new Date()): Promise<number> {
  const due = await SuspensionEndModel.find({ until: { $lte: now } }, { _id: 1 }).lean<{ _id: number }[]>();
  let lifted = 0;
  for (const { _id } of due) {
    if (await liftIfExpired(deps, _id, now)) lifted += 1;
    else await dropStaleEnd(_id);
  }
  return lifted;
}

/**
 * For a login (email, Discord): refuses a suspended account with 403 ACCOUNT_SUSPENDED; a suspension
 * whose end date passed is lifted here, before the sweep would, so the player is back at once.
 */
export async function assertMayLogIn(
  deps: SuspensionDeps,
  user: { _id: number; suspension?: StoredSuspension | null },
): Promise<void> {
  if (!user.suspension) return;
  if (isSuspended(user.suspension)) throw accountSuspended(user.suspension);
  await liftIfExpired(deps, user._id);
}
