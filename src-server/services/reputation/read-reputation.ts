import { STATS_PRIVATE_MESSAGE, type Reputation } from '../../../src-common/schemas/reputation';
import { forbidden, notFound } from '../../errors';
import { ReputationModel, type ReputationDoc } from '../../models/reputation';
import { UserModel, type UserDoc } from '../../models/user';
import { windowMedian } from './response-histogram';

/**
 * A trader's reputation from their counters (one document read, never their offers). Like the profile's
 * stats, it is refused (403) when they keep their stats private, except to themself.
 */
export async function readReputation(userId: number, callerId: number | null): Promise<Reputation> {
  const user = await UserModel.findById(userId, { createdAt: 1, settings: 1 }).lean<
    Pick<UserDoc, 'createdAt' | 'settings'>
  >();
  if (!user) throw notFound('user');
  if (user.settings?.statsPublic === false && callerId !== userId) throw forbidden(STATS_PRIVATE_MESSAGE);
  const doc = await ReputationModel.findById(userId).lean<ReputationDoc>();
  const received = doc?.offersReceived ?? 0;
  const answered = doc?.offersAnswered ?? 0;
  return {
    trades: doc?.trades ?? 0,
    offersReceived: received,
    offersAnswered: answered,
    answerRate: received > 0 ? Math.min(1, answered / received) : null,
    medianResponseSeconds: windowMedian(doc?.responses ?? {}, Date.now()),
    memberSince: new Date(user.createdAt).toISOString(),
  };
}
