import { randomInt } from 'node:crypto';
import { USERNAME_MAX, USERNAME_MIN } from '../../../src-common/schemas/auth';
import { toAllowedUsername } from '../../../src-common/usernames';
import { conflict } from '../../errors';
import { isDuplicateKeyError } from '../../lib/duplicate-key';
import { nextId } from '../../models/counter';
import { UserModel, type UserDoc } from '../../models/user';
import { loadAccount } from './accounts';
import { refreshSellerOnListings, type SellerDeps } from '../listings/refresh-seller';
import { refreshOffererOnOffers } from '../offers/refresh-offerer';
import { syncAdminFlag } from './admins';
import { discordAvatarUrl, type DiscordProfile } from './discord-oauth';
import { issueTicket } from './login-tickets';
import { usernameFields, usernameSkeletonsReady } from './usernames';
import { assertMayLogIn, type SuspensionDeps } from '../moderation/suspensions';

/** The Discord name fitted to our name rules; a clash (or a look-alike) gets a numeric suffix. */
function baseUsername(profile: DiscordProfile): string {
  const name = toAllowedUsername(profile.username).slice(0, USERNAME_MAX).trim();
  return name.length >= USERNAME_MIN ? name : `${name}${'_'.repeat(USERNAME_MIN - name.length)}`;
}

function candidateNames(profile: DiscordProfile): string[] {
  const base = baseUsername(profile);
  const suffixed = Array.from({ length: 8 }, () => {
    const suffix = String(randomInt(1000, 100000));
    return `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
  });
  return [base, ...suffixed];
}

/**
 * Tries the candidate names in turn; the unique indexes decide, so two first logins at once cannot share
 * a name, nor take one that looks like another player's.
 */
async function createDiscordUser(profile: DiscordProfile): Promise<UserDoc> {
  const id = await nextId('users');
  await usernameSkeletonsReady();
  for (const username of candidateNames(profile)) {
    try {
      const created = await UserModel.create({
        _id: id,
        ...usernameFields(username),
        discordId: profile.id,
        discordUsername: profile.username,
        avatar: discordAvatarUrl(profile),
        lastActiveAt: new Date(),
      });
      return created.toObject<UserDoc>();
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      // The same Discord account finishing a login in another tab: use the account that won.
      const existing = await UserModel.findOne({ discordId: profile.id }).lean<UserDoc>();
      if (existing) return existing;
    }
  }
  throw conflict('Could not pick a username for this Discord account. Please try again.');
}

/**
 * Logs in the account linked to this Discord user, creating it on the first login. Returns a login ticket
 * (login-tickets.ts) for the page the browser lands on, never the session token itself.
 */
export async function loginWithDiscord(
  deps: SellerDeps & SuspensionDeps,
  profile: DiscordProfile,
): Promise<string> {
  const user =
    (await UserModel.findOneAndUpdate(
      { discordId: profile.id },
      {
        $set: {
          discordUsername: profile.username,
          lastActiveAt: new Date(),
          avatar: discordAvatarUrl(profile),
        },
      },
      { returnDocument: 'after' },
    ).lean<UserDoc>()) ?? (await createDiscordUser(profile));
  await assertMayLogIn(deps, user);
  await syncAdminFlag(deps, { _id: user._id });
  // The avatar may have changed at Discord; listings and offers carry a copy of it.
  await refreshSellerOnListings(deps, user._id);
  await refreshOffererOnOffers(deps, user._id);
  return issueTicket('login-ticket', user._id);
}

const alreadyLinked = () => conflict('This Discord account is already linked to another user.');

/** Links the Discord user to the logged-in account; a Discord account belongs to one user only. */
export async function linkDiscord(deps: SellerDeps, userId: number, profile: DiscordProfile): Promise<void> {
  const user = await loadAccount(userId);
  if (await UserModel.exists({ discordId: profile.id, _id: { $ne: userId } })) throw alreadyLinked();
  try {
    await UserModel.updateOne(
      { _id: userId },
      {
        $set: {
          discordId: profile.id,
          discordUsername: profile.username,
          avatar: user.avatar ?? discordAvatarUrl(profile),
        },
        $inc: { version: 1 },
      },
    );
  } catch (err) {
    throw isDuplicateKeyError(err) ? alreadyLinked() : err;
  }
  await syncAdminFlag(deps, { _id: userId });
  await refreshSellerOnListings(deps, userId);
}
