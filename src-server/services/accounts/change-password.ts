import type { ChangePasswordInput } from '../../../src-common/schemas/auth';
import type { ChangePasswordResponse } from '../../../src-common/schemas/user';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../errors';
import { atomicWrite } from '../../lib/transactions';
import { UserModel } from '../../models/user';
import { loadAccount, sessionTokenFor } from './accounts';
import { hashPassword, passwordMatches } from './passwords';
import { endAllSessions, type SessionDeps } from './sessions';

/**
 * Two concurrent changes cannot both pass the current-password check: the write is conditional on the
 * hash that was checked (atomic on MongoDB), and on the embedded FerretDB the whole change runs under the
 * account's lock (lib/transactions.ts). Every session then ends, and the device that made the change gets
 * a token of the new session so it stays logged in.
 */
export async function changePassword(
  deps: SessionDeps & Pick<AppDeps, 'config'>,
  userId: number,
  input: ChangePasswordInput,
): Promise<ChangePasswordResponse> {
  const user = await atomicWrite(`user-password:${userId}`, async () => {
    const user = await loadAccount(userId);
    if (!user.passwordHash) {
      throw badRequest(
        'Your account has no password yet. Link an email address to set one.',
        'currentPassword',
      );
    }
    if (!(await passwordMatches(input.currentPassword, user.passwordHash))) {
      throw badRequest('Current password is incorrect', 'currentPassword');
    }
    const changed = await UserModel.updateOne(
      { _id: userId, passwordHash: user.passwordHash },
      { $set: { passwordHash: await hashPassword(input.newPassword) }, $inc: { version: 1 } },
    );
    if (changed.modifiedCount === 0) throw badRequest('Current password is incorrect', 'currentPassword');
    return user;
  });
  const sessionVersion = await endAllSessions(deps, userId);
  return {
    message: 'Password changed successfully!',
    token: sessionTokenFor({ _id: userId, username: user.username, sessionVersion }, deps.config),
  };
}
