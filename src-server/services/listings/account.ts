import { unauthorized } from '../../errors';
import { UserModel, type UserDoc } from '../../models/user';

export interface TraderAccount {
  id: number;
  username: string;
  avatar: string | null;
  flags: string[];
}

/**
 * The caller's account as stored: names, avatars and flags on listings and offers come from here,
 * never from the request body or the token (a token outlives a rename).
 */
export async function loadTraderAccount(userId: number): Promise<TraderAccount> {
  const user = await UserModel.findById(userId, { username: 1, avatar: 1, flags: 1 }).lean<
    Pick<UserDoc, '_id' | 'username' | 'avatar' | 'flags'>
  >();
  if (!user) throw unauthorized('Your account no longer exists. Please log in again.');
  return {
    id: user._id,
    username: user.username,
    avatar: user.avatar ?? null,
    flags: [...(user.flags ?? [])],
  };
}
