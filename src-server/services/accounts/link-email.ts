import type { LinkEmailInput } from '../../../src-common/schemas/auth';
import type { AppDeps } from '../../deps';
import { UserModel } from '../../models/user';
import { assertEmailFree, loadAccount, lower } from './accounts';
import { sendVerificationMail } from './email-verification';
import { hashPassword } from './passwords';

/**
 * Gives the account an email login: the address (unverified unless it is the already verified one) and a
 * password. The verification mail goes out before anything is saved: if it cannot be sent the account is
 * untouched, and a link whose save then failed is harmless because it only verifies the saved address.
 */
export async function linkEmail(deps: AppDeps, userId: number, input: LinkEmailInput): Promise<string> {
  const user = await loadAccount(userId);
  await assertEmailFree(input.email, 'This email is already linked to another account', userId);
  const sameVerified = Boolean(user.emailVerified) && user.emailLower === lower(input.email);
  if (!sameVerified) await sendVerificationMail(deps, user, input.email);
  await UserModel.updateOne(
    { _id: userId },
    {
      $set: {
        email: input.email,
        emailLower: lower(input.email),
        emailVerified: sameVerified,
        passwordHash: await hashPassword(input.password),
      },
      $inc: { version: 1 },
    },
  );
  return sameVerified
    ? 'Email linked successfully! Your password has been updated.'
    : `Email linked successfully! We sent a verification link to ${input.email}; verify it to log in with your email.`;
}
