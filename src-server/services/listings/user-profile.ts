import type { ProfileResponse } from '../../../src-common/schemas/profile';
import { notFound } from '../../errors';
import { UserModel, type UserDoc } from '../../models/user';
import type { ListingIndex } from '../../read-models/listing-index';
import { presentProfile, profileStats, type ProfileUser } from '../../presenters/profile';

/**
 * A trader's public profile with their listings, newest first. Stats are hidden (null) when the user
 * turned "stats public" off, except from the user themself.
 */
export async function userProfile(
  listingIndex: ListingIndex,
  userId: number,
  callerId: number | null,
): Promise<ProfileResponse> {
  const user = await UserModel.findById(userId, {
    username: 1,
    avatar: 1,
    flags: 1,
    createdAt: 1,
    lastActiveAt: 1,
    settings: 1,
  }).lean<ProfileUser & Pick<UserDoc, 'settings'>>();
  if (!user) throw notFound('profile');
  const listings = listingIndex.byUser(userId);
  const showStats = user.settings?.statsPublic !== false || callerId === userId;
  return presentProfile(user, listings, showStats ? profileStats(user, listings) : null);
}
