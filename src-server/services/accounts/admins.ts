import type { AdminList } from '../../../src-common/schemas/user';
import { conflict, notFound } from '../../errors';
import { withDocumentLock } from '../../lib/document-lock';
import { AdminModel } from '../../models/admin';
import { UserModel, type UserDoc } from '../../models/user';
import { refreshSellerOnListings, type SellerDeps } from '../listings/refresh-seller';

const ADMIN_FLAG = 'Admin';

/**
 * Keeps the Admin badge in step with the admin list: on the user (found by Discord ID or account id), and
 * on the copies of the user's flags that their listings carry (listings show badges without a join).
 */
export async function syncAdminFlag(
  deps: SellerDeps,
  who: { discordId: string } | { _id: number },
): Promise<void> {
  const user = await UserModel.findOne(who, { _id: 1, discordId: 1, flags: 1 }).lean<
    Pick<UserDoc, '_id' | 'discordId' | 'flags'>
  >();
  if (!user) return;
  const admin = Boolean(user.discordId) && (await AdminModel.exists({ _id: user.discordId })) !== null;
  if ((user.flags ?? []).includes(ADMIN_FLAG) === admin) return;
  const userChange = admin ? { $addToSet: { flags: ADMIN_FLAG } } : { $pull: { flags: ADMIN_FLAG } };
  await UserModel.updateOne({ _id: user._id }, { ...userChange, $inc: { version: 1 } });
  await refreshSellerOnListings(deps, user._id);
}

export async function listAdmins(): Promise<AdminList> {
  const admins = await AdminModel.find({}, { _id: 1 }).sort({ _id: 1 }).lean();
  const ids = admins.map((a) => String(a._id));
  const users = await UserModel.find({ discordId: { $in: ids } }, { discordId: 1, username: 1 }).lean();
  const names = new Map(users.map((u) => [u.discordId, u.username]));
  return { admins: ids.map((id) => ({ id, username: names.get(id) ?? null })) };
}

/** Admin changes run one at a time (across processes too), so the last-admin rule cannot be raced past. */
const withAdminsLock = <T>(work: () => Promise<T>) => withDocumentLock('admins', work);

export function addAdmin(deps: SellerDeps, discordId: string, addedBy: number): Promise<AdminList> {
  return withAdminsLock(async () => {
    if (await AdminModel.exists({ _id: discordId }))
      throw conflict('That Discord ID is already an admin', 'id');
    await AdminModel.create({ _id: discordId, addedBy: String(addedBy) });
    await syncAdminFlag(deps, { discordId });
    return listAdmins();
  });
}

export function removeAdmin(deps: SellerDeps, discordId: string): Promise<AdminList> {
  return withAdminsLock(async () => {
    if (!(await AdminModel.exists({ _id: discordId }))) throw notFound('admin');
    if ((await AdminModel.countDocuments()) <= 1) throw conflict('The last admin cannot be removed', 'id');
    await AdminModel.deleteOne({ _id: discordId });
    await syncAdminFlag(deps, { discordId });
    return listAdmins();
  });
}
