import type { CurrentUser } from '../../src-common/schemas/user';
import type { UserDoc } from '../models/user';

type UserLike = Pick<UserDoc, '_id' | 'username' | 'createdAt'> &
  Partial<
    Pick<
      UserDoc,
      | 'email'
      | 'emailVerified'
      | 'pendingEmail'
      | 'discordId'
      | 'discordUsername'
      | 'avatar'
      | 'flags'
      | 'settings'
      | 'ign'
    >
  >;

/** The account as its owner sees it (auth/me, login). Never includes hashes or internal copies. */
export function presentCurrentUser(user: UserLike): CurrentUser {
  return {
    id: user._id,
    username: user.username,
    email: user.email ?? null,
    emailVerified: user.emailVerified ?? false,
    pendingEmail: user.pendingEmail ?? null,
    discord_id: user.discordId ?? null,
    discord_username: user.discordUsername ?? null,
    avatar: user.avatar ?? null,
    flags: [...(user.flags ?? [])],
    settings: {
      statsPublic: user.settings?.statsPublic ?? true,
      emailNotifications: user.settings?.emailNotifications ?? true,
      directMessages: user.settings?.directMessages ?? true,
      showOnline: user.settings?.showOnline ?? true,
    },
    ign: user.ign ?? null,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}
