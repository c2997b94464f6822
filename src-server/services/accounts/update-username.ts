import type { UpdateUsernameResponse } from '../../../src-common/schemas/user';
import type { AppDeps } from '../../deps';
import { UserModel } from '../../models/user';
import { refreshSellerOnListings } from '../listings/refresh-seller';
import { refreshOffererOnOffers } from '../offers/refresh-offerer';
import { loadAccount, sessionTokenFor } from './accounts';
import { assertUsernameFree, usernameClash, usernameFields } from './usernames';

/**
 * Renames the account and the copies of the name on its listings and offers, then mints a token that
 * carries the new name. The unique indexes on the name's forms settle a race between two renames.
 */
export async function updateUsername(
  deps: AppDeps,
  userId: number,
  username: string,
): Promise<UpdateUsernameResponse> {
  const account = await loadAccount(userId);
  await assertUsernameFree(username, userId);
  await UserModel.updateOne({ _id: userId }, { $set: usernameFields(username), $inc: { version: 1 } }).catch(
    (err: unknown) => {
      throw usernameClash(err) ?? err;
    },
  );
  await refreshSellerOnListings(deps, userId);
  await refreshOffererOnOffers(deps, userId);
  return {
    username,
    newToken: sessionTokenFor({ _id: userId, username, sessionVersion: account.sessionVersion }, deps.config),
  };
}
