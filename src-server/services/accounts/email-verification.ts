import type { VerifyError, VerifyStatus } from '../../../src-common/schemas/auth';
import type { AppDeps } from '../../deps';
import { isDuplicateKeyError } from '../../lib/duplicate-key';
import { emailChangedMail, verificationMail } from '../../lib/mail-templates';
import { claimToken, issueToken } from '../../lib/one-time-tokens';
import { atomicWrite } from '../../lib/transactions';
import { UserModel, type UserDoc } from '../../models/user';
import { lower, mailFailed } from './accounts';
import { endAllSessions } from './sessions';

export const RESEND_MESSAGE =
  'If that address belongs to an unverified account, a new verification email is on its way.';

type Recipient = { _id: number; username: string };

/** Mails a fresh verification link for `email`; false, and logged, when the mail could not be sent. */
async function mailVerificationLink(deps: AppDeps, user: Recipient, email: string): Promise<boolean> {
  const token = await issueToken('verify-email', user._id, lower(email));
  const link = `${deps.config.PUBLIC_URL}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send(verificationMail(email, user.username, link));
    return true;
  } catch (err) {
    deps.logger.error({ err, userId: user._id }, 'verification mail failed');
    return false;
  }
}

/** Mails a fresh verification link for `email`; a failure to send surfaces as 503 MAIL_FAILED. */
export async function sendVerificationMail(deps: AppDeps, user: Recipient, email: string): Promise<void> {
  if (!(await mailVerificationLink(deps, user, email))) throw mailFailed();
}

/**
 * Same answer whether or not the address is known, so the form cannot be used to probe for accounts:
 * a mail that could not be sent is logged, not answered with MAIL_FAILED, which only a known unverified
 * address could cause.
 */
export async function resendVerification(deps: AppDeps, email: string): Promise<string> {
  const user = await UserModel.findOne({ emailLower: lower(email) }).lean<UserDoc>();
  if (user?.email && !user.emailVerified) await mailVerificationLink(deps, user, user.email);
  return RESEND_MESSAGE;
}

type VerifyOutcome = { status: VerifyStatus } | { error: VerifyError };

/**
 * The outcome of opening a verification link. A link counts only for the address it was sent to, while
 * that address is still the account's login address or its pending one, so a link from before another
 * email change verifies nothing.
 */
export async function verifyEmailToken(deps: AppDeps, token: string): Promise<VerifyOutcome> {
  const claim = await claimToken('verify-email', token);
  if (claim.ok)
    return claim.email ? activateAddress(deps, claim.userId, claim.email) : { error: 'invalid_token' };
  if (claim.reason === 'used') {
    const verified = await UserModel.exists({
      _id: claim.userId,
      emailLower: claim.email,
      emailVerified: true,
    });
    if (verified) return { status: 'already_verified' };
  }
  return { error: 'invalid_token' };
}

/**
 * The verified address becomes the account's login address: its unverified own address (registration,
 * a Discord account's first link), or the pending one it asked to change to, which replaces the old
 * address only now. Either way every session of the account ends (whoever could
 * read the old address may hold a session through it), and after a change the old address is told. Under the account's credentials key, the
 * one link-email uses, so a new change request cannot interleave with the switch.
 */
async function activateAddress(deps: AppDeps, userId: number, emailLower: string): Promise<VerifyOutcome> {
  const result = await atomicWrite(`user-password:${userId}`, async () => {
    const user = await UserModel.findById(userId).lean<UserDoc>();
    if (user?.emailLower === emailLower) {
      if (user.emailVerified) return { status: 'already_verified' as const };
      await UserModel.updateOne(
        { _id: userId, emailLower },
        { $set: { emailVerified: true }, $inc: { version: 1 } },
      );
      return { status: 'success' as const, user, previousEmail: null };
    }
    if (!user?.pendingEmail || user.pendingEmailLower !== emailLower)
      return { error: 'invalid_token' as const };
    try {
      await UserModel.updateOne(
        { _id: userId, pendingEmailLower: emailLower },
        {
          $set: { email: user.pendingEmail, emailLower, emailVerified: true },
          $unset: { pendingEmail: 1, pendingEmailLower: 1 },
          $inc: { version: 1 },
        },
      );
    } catch (err) {
      // Another account registered the address while this one waited for its link.
      if (isDuplicateKeyError(err)) return { error: 'invalid_token' as const };
      throw err;
    }
    return { status: 'success' as const, user, previousEmail: user.email ?? null };
  });
  if (!('user' in result)) return result;
  await endAllSessions(deps, userId);
  const { user, previousEmail } = result;
  if (previousEmail) {
    // The switch stands either way; a lost notice is logged rather than undoing it.
    await deps.mailer
      .send(emailChangedMail(previousEmail, user.username, user.pendingEmail!))
      .catch((err: unknown) => deps.logger.error({ err, userId }, 'email change notice failed'));
  }
  return { status: 'success' };
}
