import type { LinkEmailInput } from '../../../src-common/schemas/auth';
import type { AppDeps } from '../../deps';
import { badRequest, conflict } from '../../errors';
import { atomicWrite } from '../../lib/transactions';
import { UserModel, type UserDoc } from '../../models/user';
import { assertEmailFree, loadAccount, lower } from './accounts';
import { sendVerificationMail } from './email-verification';
import { hashPassword, passwordMatches } from './passwords';

export const EMAIL_TAKEN = 'This email is already linked to another account';

/**
 * POST /api/auth/link-email. Under the same per-account key as change-password, so the password checked
 * here or set here cannot change in between.
 *
 * - An account with a password proves it is its owner with `currentPassword` (a stolen session alone must
 *   not be able to take the account over) and asks for a new address: it is kept as pending and becomes
 *   the login address only when its verification link is opened (email-verification.ts), so until then
 *   the old address keeps logging in.
 * - An account without one (Discord only) links its first address and sets its first password (email,
 *   password, confirm): the address is its login address from now on, usable once verified.
 *
 * The verification mail goes out before anything is saved: if it cannot be sent the account is untouched,
 * and a link whose save then failed is harmless because it only verifies the address it was sent to while
 * that address is still the account's.
 */
export function linkEmail(deps: AppDeps, userId: number, input: LinkEmailInput): Promise<string> {
  return atomicWrite(`user-password:${userId}`, async () => {
    const user = await loadAccount(userId);
    return user.passwordHash ? changeEmail(deps, user, input) : linkFirstEmail(deps, user, input);
  });
}

async function changeEmail(deps: AppDeps, user: UserDoc, input: LinkEmailInput): Promise<string> {
  if (!input.currentPassword) throw badRequest('Current password is required', 'currentPassword');
  if (!(await passwordMatches(input.currentPassword, user.passwordHash))) {
    throw badRequest('Current password is incorrect', 'currentPassword');
  }
  if (input.password !== undefined) {
    throw badRequest('Your account already has a password: change it under Change Password', 'password');
  }
  // Only after the password: a stolen session must not learn which addresses have accounts.
  await assertEmailFree(input.email, EMAIL_TAKEN, user._id);
  const emailLower = lower(input.email);
  if (emailLower === user.emailLower) {
    if (user.emailVerified) throw badRequest('This is already your login email', 'email');
    await sendVerificationMail(deps, user, input.email);
    await UserModel.updateOne({ _id: user._id }, { $unset: { pendingEmail: 1, pendingEmailLower: 1 } });
    return `We sent a new verification link to ${input.email}.`;
  }
  await sendVerificationMail(deps, user, input.email);
  await UserModel.updateOne(
    { _id: user._id },
    { $set: { pendingEmail: input.email, pendingEmailLower: emailLower }, $inc: { version: 1 } },
  );
  return `Verification sent to ${input.email}. Your login email stays ${user.email} until you open the link in that email.`;
}

async function linkFirstEmail(deps: AppDeps, user: UserDoc, input: LinkEmailInput): Promise<string> {
  if (!input.password) throw badRequest('Password is required', 'password');
  await assertEmailFree(input.email, EMAIL_TAKEN, user._id);
  await sendVerificationMail(deps, user, input.email);
  const linked = await UserModel.updateOne(
    { _id: user._id, passwordHash: { $exists: false } },
    {
      $set: {
        email: input.email,
        emailLower: lower(input.email),
        emailVerified: false,
        passwordHash: await hashPassword(input.password),
      },
      $inc: { version: 1 },
    },
  );
  if (linked.matchedCount === 0)
    throw conflict('Your account has a password now. Reload the page and try again.');
  return `Email linked successfully! We sent a verification link to ${input.email}; verify it to log in with your email.`;
}
