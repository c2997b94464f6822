import type { RegisterInput } from '../../../src-common/schemas/auth';
import type { AppDeps } from '../../deps';
import { nextId } from '../../models/counter';
import { UserModel } from '../../models/user';
import { assertEmailFree, lower } from './accounts';
import { sendVerificationMail } from './email-verification';
import { hashPassword } from './passwords';
import { assertUsernameFree, usernameClash, usernameFields } from './usernames';

export const REGISTERED_MESSAGE = 'Registration successful! Please check your email to verify your account.';

/**
 * Creates an unverified account and mails its verification link. If the mail cannot be sent the account
 * is removed again, so the same username and email can be used on the next try.
 */
export async function register(deps: AppDeps, input: RegisterInput): Promise<string> {
  await assertUsernameFree(input.username);
  await assertEmailFree(input.email, 'An account with this email already exists');
  const id = await nextId('users');
  const user = await UserModel.create({
    _id: id,
    ...usernameFields(input.username),
    email: input.email,
    emailLower: lower(input.email),
    emailVerified: false,
    passwordHash: await hashPassword(input.password),
  }).catch((err: unknown) => {
    throw usernameClash(err) ?? err;
  });
  try {
    await sendVerificationMail(deps, { _id: id, username: user.username }, input.email);
  } catch (err) {
    await UserModel.deleteOne({ _id: id });
    throw err;
  }
  return REGISTERED_MESSAGE;
}
