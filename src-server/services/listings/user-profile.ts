import { notFound } from '../../errors';
import type { ProfileAnswer, ProfileAnswers } from '../../read-models/profile-answers';

/**
 * A trader's public profile with their listings, newest first (read-models/profile-answers.ts). Stats
 * are hidden (null) when the user turned "stats public" off, except from the user themself.
 */
export async function userProfile(
  profiles: ProfileAnswers,
  userId: number,
  callerId: number | null,
): Promise<ProfileAnswer> {
  const answer = await profiles.answer(userId, callerId);
  if (!answer) throw notFound('profile');
  return answer;
}
