import type { AdminList } from '../../../src-common/schemas/user';
import { conflict, notFound } from '../../errors';
import { inTransaction } from '../../lib/transactions';
import { AdminModel } from '../../models/admin';
import { UserModel, type UserDoc } from '../../models/user';
import { refreshSellerOnListings, type SellerDeps } from '../listings/refresh-seller';
import { recordAudit } from '../moderation/audit';

const ADMIN_FLAG = 'Admin';
/**
 * Admin changes, and the badge that follows them, are one transaction on the one `admins` key
 * (lib/transactions.ts), so two removals cannot both pass the last-admin rule: on MongoDB both write the
 * key's guard document and one is aborted and rerun, on FerretDB they queue. The listings' copies of
 * the badge are refreshed after, each under its listing's key.
 */
const ADMINS_KEY = 'admins';

/**
 * Sets the user's Admin badge (user found by Discord ID or account id) to match the admin list. Returns
 * the user's id when the badge changed, so the copies on their listings need refreshing.
 */
async function setAdminFlag(who: { discordId: string } | { _id: number }): Promise<number | null> {
  const user = await UserModel.findOne(who, { _id: 1, discordId: 1, flags: 1 }).lean<
    Pick<UserDoc, '_id' | 'discordId' | 'flags'>
  >();
  if (!user) return null;
  const admin = Boolean(user.discordId) && (await AdminModel.exists({ _id: user.discordId })) !== null;
  if ((user.flags ?? []).includes(ADMIN_FLAG) === admin) return null;
  const userChange = admin ? { $addToSet: { flags: ADMIN_FLAG } } : { $pull: { flags: ADMIN_FLAG } };
  await UserModel.updateOne({ _id: user._id }, { ...userChange, $inc: { version: 1 } });
  return user._id;
}

/** The copies of a user's flags that their listings carry (listings show badges without a join). */
async function refreshListingsOf(deps: SellerDeps, userId: number | null): Promise<void> {
  if (userId !== null) await refreshSellerOnListings(deps, userId);
}

/** Keeps the Admin badge in step with the admin list: on the user, then on their listings. */
export async function syncAdminFlag(
  deps: SellerDeps,
  who: { discordId: string } | { _id: number },
): Promise<void> {
  await refreshListingsOf(deps, await inTransaction(ADMINS_KEY, () => setAdminFlag(who)));
}

export async function listAdmins(): Promise<AdminList> {
  const admins = await AdminModel.find({}, { _id: 1 }).sort({ _id: 1 }).lean();
  const ids = admins.map((a) => String(a._id));
  const users = await UserModel.find({ discordId: { $in: ids } }, { discordId: 1, username: 1 }).lean();
  const names = new Map(users.map((u) => [u.discordId, u.username]));
  return { admins: ids.map((id) => ({ id, username: names.get(id) ?? null })) };
}

/**
 * The audit entry of an admin change. Its target is the account that holds the Discord ID, or, when no
 * account holds it yet, `discord-id` with id 0; the note always names the Discord ID (too long an integer
 * for a JSON number).
 */
async function auditAdminChange(
  action: 'admin.add' | 'admin.remove',
  actorId: number,
  discordId: string,
): Promise<void> {
  const user = await UserModel.findOne({ discordId }, { _id: 1 }).lean<Pick<UserDoc, '_id'>>();
  await recordAudit({
    actorId,
    action,
    target: user ? { type: 'user', id: user._id } : { type: 'discord-id', id: 0 },
    note: `Discord ID ${discordId}`,
  });
}

export async function addAdmin(deps: SellerDeps, discordId: string, addedBy: number): Promise<AdminList> {
  const changed = await inTransaction(ADMINS_KEY, async () => {
    if (await AdminModel.exists({ _id: discordId }))
      throw conflict('That Discord ID is already an admin', 'id');
    await AdminModel.create({ _id: discordId, addedBy: String(addedBy) });
    return setAdminFlag({ discordId });
  });
  await auditAdminChange('admin.add', addedBy, discordId);
  await refreshListingsOf(deps, changed);
  return listAdmins();
}

export async function removeAdmin(
  deps: SellerDeps,
  discordId: string,
  removedBy: number,
): Promise<AdminList> {
  const changed = await inTransaction(ADMINS_KEY, async () => {
    if (!(await AdminModel.exists({ _id: discordId }))) throw notFound('admin');
    if ((await AdminModel.countDocuments()) <= 1) throw conflict('The last admin cannot be removed', 'id');
    await AdminModel.deleteOne({ _id: discordId });
    return setAdminFlag({ discordId });
  });
  await auditAdminChange('admin.remove', removedBy, discordId);
  await refreshListingsOf(deps, changed);
  return listAdmins();
}

/**
 * An admin deleting their account leaves the admin list with it, so a new account with the same Discord ID
 * starts as a player (unless ADMIN_DISCORD_IDS names it, which restores it at the next start). The last
 * admin cannot leave: someone must remain who can moderate and add admins.
 */
export async function removeAdminOfLeavingAccount(userId: number, discordId: string): Promise<void> {
  const removed = await inTransaction(ADMINS_KEY, async () => {
    if (!(await AdminModel.exists({ _id: discordId }))) return false;
    if ((await AdminModel.countDocuments()) <= 1)
      throw conflict('You are the last admin. Add another admin before deleting your account.');
    await AdminModel.deleteOne({ _id: discordId });
    return true;
  });
  if (removed)
    await recordAudit({
      actorId: userId,
      action: 'admin.remove',
      target: { type: 'user', id: userId },
      note: `Discord ID ${discordId}: deleted their own account`,
    });
}
