import type { VerifyError, VerifyStatus } from '../../../src-common/schemas/auth';
import type { AppDeps } from '../../deps';
import { verificationMail } from '../../lib/mail-templates';
import { claimToken, issueToken } from '../../lib/one-time-tokens';
import { UserModel, type UserDoc } from '../../models/user';
import { lower, mailFailed } from './accounts';

export const RESEND_MESSAGE =
  'If that address belongs to an unverified account, a new verification email is on its way.';

/** Mails a fresh verification link for `email`; a failure to send surfaces as 503 MAIL_FAILED. */
export async function sendVerificationMail(
  deps: AppDeps,
  user: { _id: number; username: string },
  email: string,
): Promise<void> {
  const token = await issueToken('verify-email', user._id, lower(email));
  const link = `${deps.config.PUBLIC_URL}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send(verificationMail(email, user.username, link));
  } catch (err) {
    deps.logger.error({ err, userId: user._id }, 'verification mail failed');
    throw mailFailed();
  }
}

/** Same answer whether or not the address is known, so the form cannot be used to probe for accounts. */
export async function resendVerification(deps: AppDeps, email: string): Promise<string> {
  const user = await UserModel.findOne({ emailLower: lower(email) }).lean<UserDoc>();
  if (user?.email && !user.emailVerified) await sendVerificationMail(deps, user, user.email);
  return RESEND_MESSAGE;
}

/**
 * The outcome of opening a verification link. A link counts only for the address it was sent to, so a
 * link from before an email change cannot verify the new address.
 */
export async function verifyEmailToken(
  token: string,
): Promise<{ status: VerifyStatus } | { error: VerifyError }> {
  const claim = await claimToken('verify-email', token);
  if (claim.ok) {
    const user = await UserModel.findOneAndUpdate(
      { _id: claim.userId, emailLower: claim.email },
      { $set: { emailVerified: true }, $inc: { version: 1 } },
    ).lean<UserDoc>();
    if (!user) return { error: 'invalid_token' };
    return { status: user.emailVerified ? 'already_verified' : 'success' };
  }
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
