import type { ChangePasswordInput } from '../../../src-common/schemas/auth';
import { badRequest } from '../../errors';
import { withDocumentLock } from '../../lib/document-lock';
import { UserModel } from '../../models/user';
import { loadAccount } from './accounts';
import { hashPassword, passwordMatches } from './passwords';

/** Under the account's lock, so two concurrent changes cannot both pass the current-password check. */
export function changePassword(userId: number, input: ChangePasswordInput): Promise<string> {
  return withDocumentLock(`user-password:${userId}`, async () => {
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
    await UserModel.updateOne(
      { _id: userId },
      { $set: { passwordHash: await hashPassword(input.newPassword) }, $inc: { version: 1 } },
    );
    return 'Password changed successfully!';
  });
}
