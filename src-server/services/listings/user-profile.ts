import type { ProfileResponse } from '../../../src-common/schemas/profile';
import { notFound } from '../../errors';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { UserModel, type UserDoc } from '../../models/user';
import { presentListing } from '../../presenters/listing';
import { presentProfile, profileStats, type ProfileUser } from '../../presenters/profile';

/**
 * A trader's public profile with their listings, newest first. Stats are hidden (null) when the user
 * turned "stats public" off, except from the user themself.
 */
export async function userProfile(userId: number, callerId: number | null): Promise<ProfileResponse> {
  const user = await UserModel.findById(userId, {
    username: 1,
    avatar: 1,
    flags: 1,
    createdAt: 1,
    lastActiveAt: 1,
    settings: 1,
  }).lean<ProfileUser & Pick<UserDoc, 'settings'>>();
  if (!user) throw notFound('profile');
  const docs = await ListingModel.find({ userId }).sort({ createdAt: -1, _id: -1 }).lean<ListingDoc[]>();
  const listings = docs.map((doc) => presentListing(doc));
  const showStats = user.settings?.statsPublic !== false || callerId === userId;
  return presentProfile(user, listings, showStats ? profileStats(user, listings) : null);
}
