import { ErrorCode } from '../../../src-common/errors';
import type { LoginInput } from '../../../src-common/schemas/auth';
import type { LoginResponse } from '../../../src-common/schemas/user';
import type { AppDeps } from '../../deps';
import { AppError, unauthorized } from '../../errors';
import { UserModel, type UserDoc } from '../../models/user';
import { presentCurrentUser } from '../../presenters/user';
import { lower, sessionTokenFor } from './accounts';
import { passwordMatches } from './passwords';
import { assertMayLogIn } from '../moderation/suspensions';

/** Email + password login. The verification check comes after the password, so it reveals nothing to a guesser. */
export async function login(deps: AppDeps, input: LoginInput): Promise<LoginResponse> {
  const user = await UserModel.findOne({ emailLower: lower(input.email) }).lean<UserDoc>();
  if (!(await passwordMatches(input.password, user?.passwordHash)) || !user) {
    throw unauthorized('Invalid email or password');
  }
  await assertMayLogIn(deps, user);
  if (!user.emailVerified) {
    throw new AppError(
      403,
      ErrorCode.EMAIL_NOT_VERIFIED,
      'Please verify your email address before logging in.',
      {
        email: user.email ?? input.email,
      },
    );
  }
  await UserModel.updateOne({ _id: user._id }, { $set: { lastActiveAt: new Date() } });
  return { token: sessionTokenFor(user, deps.config), user: presentCurrentUser(user) };
}
