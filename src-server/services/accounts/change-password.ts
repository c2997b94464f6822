import type { ChangePasswordInput } from '../../../src-common/schemas/auth';
import { badRequest } from '../../errors';
import { UserModel } from '../../models/user';
import { loadAccount } from './accounts';
import { hashPassword, passwordMatches } from './passwords';

export async function changePassword(userId: number, input: ChangePasswordInput): Promise<string> {
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
  // Conditional on the hash just checked, so two concurrent changes cannot both pass the check.
  const updated = await UserModel.updateOne(
    { _id: userId, passwordHash: user.passwordHash },
    { $set: { passwordHash: await hashPassword(input.newPassword) }, $inc: { version: 1 } },
  );
  if (updated.modifiedCount === 0) throw badRequest('Current password is incorrect', 'currentPassword');
  return 'Password changed successfully!';
}
