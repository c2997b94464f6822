import type { AppDeps } from '../../deps';
import { unauthorized } from '../../errors';
import { revokeUnusedTokens } from '../../lib/one-time-tokens';
import { atomicWrite } from '../../lib/transactions';
import { UserModel } from '../../models/user';

export type SessionDeps = Pick<AppDeps, 'sessions' | 'publisher'>;

/**
 * Ends every session of the account: its generation goes up, so every token issued before is refused
 * (401) on every route and at every socket handshake; its unused login and Discord-link tickets die; its
 * sockets are disconnected on every process. When this returns, this process refuses the old tokens; the
 * others do as soon as the relay through Redis reaches them. Returns the new generation, for a caller that
 * hands the current device a fresh token (password change, reset).
 */
export async function endAllSessions(deps: SessionDeps, userId: number): Promise<number> {
  const generation = await atomicWrite(`user-sessions:${userId}`, async () => {
    const user = await UserModel.findByIdAndUpdate(
      userId,
      { $inc: { sessionVersion: 1 } },
      { returnDocument: 'after' },
    ).lean<{ sessionVersion: number }>();
    if (!user) throw unauthorized('Your account no longer exists. Please log in again.');
    return user.sessionVersion;
  });
  deps.sessions.learn(userId, generation);
  await revokeUnusedTokens(userId, ['login-ticket', 'discord-link']);
  deps.publisher.sessionsEnded(userId, generation);
  return generation;
}
