import { forbidden } from '../errors';
import { AdminModel } from '../models/admin';
import { UserModel } from '../models/user';

/** Admins are identified by Discord ID; a user is an admin when their linked Discord ID is listed. */
export async function isAdmin(userId: number): Promise<boolean> {
  const user = await UserModel.findById(userId, { discordId: 1 }).lean();
  if (!user?.discordId) return false;
  return (await AdminModel.exists({ _id: user.discordId })) !== null;
}

/** Throws 403 unless the caller is an admin. */
export async function assertAdmin(userId: number): Promise<void> {
  if (!(await isAdmin(userId))) throw forbidden('Admin access required');
}
