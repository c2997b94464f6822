import type { ResetPasswordInput } from '../../../src-common/schemas/auth';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../errors';
import { passwordResetMail } from '../../lib/mail-templates';
import { claimToken, issueToken } from '../../lib/one-time-tokens';
import { UserModel, type UserDoc } from '../../models/user';
import { lower } from './accounts';
import { hashPassword } from './passwords';
import { endAllSessions, type SessionDeps } from './sessions';

export const FORGOT_MESSAGE = 'If an account exists for that email, a password reset link has been sent.';

/**
 * Same answer whether or not the address is known, so the form cannot be used to probe for accounts: a
 * mail that could not be sent is logged, not answered with MAIL_FAILED, which only a known address could
 * cause.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<string> {
  const user = await UserModel.findOne({ emailLower: lower(email) }).lean<UserDoc>();
  if (!user?.email) return FORGOT_MESSAGE;
  const token = await issueToken('reset-password', user._id, lower(user.email));
  const link = `${deps.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer
    .send(passwordResetMail(user.email, user.username, link))
    .catch((err: unknown) => deps.logger.error({ err, userId: user._id }, 'password reset mail failed'));
  return FORGOT_MESSAGE;
}

/**
 * Sets the new password and ends every session (whoever knew the old password is logged out). Opening
 * the mailed link proves the address too, so an unverified account whose address still matches becomes
 * verified.
 */
export async function resetPassword(deps: SessionDeps, input: ResetPasswordInput): Promise<string> {
  const claim = await claimToken('reset-password', input.token);
  if (!claim.ok)
    throw badRequest('Invalid or expired reset link. Please request a new password reset.', 'token');
  const passwordHash = await hashPassword(input.newPassword);
  const user = await UserModel.findByIdAndUpdate(claim.userId, {
    $set: { passwordHash },
    $inc: { version: 1 },
  }).lean<UserDoc>();
  if (!user) throw badRequest('Invalid or expired reset link. Please request a new password reset.', 'token');
  if (user.emailLower && user.emailLower === claim.email && !user.emailVerified) {
    await UserModel.updateOne({ _id: user._id, emailLower: claim.email }, { $set: { emailVerified: true } });
  }
  await endAllSessions(deps, user._id);
  return 'Your password has been reset. You can now log in with your new password.';
}
