import type { Config } from '../../config';
import { AppError, conflict, unauthorized } from '../../errors';
import { signSessionToken } from '../../lib/tokens';
import { UserModel, type UserDoc } from '../../models/user';

/** Lookups and token minting every account service shares. */

/** The compared form of an email address. Names have their own: usernameKey in src-common/usernames.ts. */
export const lower = (value: string) => value.trim().toLowerCase();

/** A token for the account's current session generation (`sessionVersion`, absent on old accounts: 0). */
export function sessionTokenFor(
  user: { _id: number; username: string; sessionVersion: number | null | undefined },
  config: Config,
): string {
  return signSessionToken(
    { id: user._id, username: user.username, sv: user.sessionVersion ?? 0 },
    config.JWT_SECRET,
    config.JWT_EXPIRES_IN,
  );
}

/** The caller's account; a token for an account that no longer exists is treated as a dead session. */
export async function loadAccount(userId: number): Promise<UserDoc> {
  const user = await UserModel.findById(userId).lean<UserDoc>();
  if (!user) throw unauthorized('Your account no longer exists. Please log in again.');
  return user;
}

export async function assertEmailFree(email: string, message: string, exceptUserId?: number): Promise<void> {
  const taken = await UserModel.exists({
    emailLower: lower(email),
    ...(exceptUserId === undefined ? {} : { _id: { $ne: exceptUserId } }),
  });
  if (taken) throw conflict(message, 'email');
}

/** The mail server refused or was unreachable; nothing was changed, so the user can simply retry. */
export const mailFailed = () =>
  new AppError(
    503,
    'MAIL_FAILED',
    'We could not send the email right now. Please try again in a few minutes.',
  );
