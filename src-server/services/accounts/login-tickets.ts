import type { LoginResponse } from '../../../src-common/schemas/user';
import type { AppDeps } from '../../deps';
import { unauthorized } from '../../errors';
import { claimToken, issueToken } from '../../lib/one-time-tokens';
import { presentCurrentUser } from '../../presenters/user';
import { loadAccount, sessionTokenFor } from './accounts';
import { isSuspended } from '../../policies/suspension';
import { accountSuspended } from '../moderation/suspensions';

/**
 * Tickets stand in for a session token wherever one would travel in a URL (browser history, proxy logs,
 * a Referer): random, stored hashed, valid 60 s and once (lib/one-time-tokens.ts), and ended with the
 * account's sessions (sessions.ts).
 *
 * - `login-ticket`: the Discord callback sends the browser to /auth-success?ticket=, and the page trades
 *   it for a session with POST /api/auth/ticket.
 * - `discord-link`: Settings asks POST /api/auth/discord/link-ticket (bearer) for one, then navigates to
 *   GET /api/auth/discord?link=1&ticket=, since a navigation carries no Authorization header.
 */
export type TicketPurpose = 'login-ticket' | 'discord-link';

export const issueTicket = (purpose: TicketPurpose, userId: number): Promise<string> =>
  issueToken(purpose, userId);

/** The account a ticket was issued to, once; null when it is unknown, used or expired. */
export async function redeemTicket(purpose: TicketPurpose, ticket: string): Promise<number | null> {
  const claim = await claimToken(purpose, ticket);
  return claim.ok ? claim.userId : null;
}

/** POST /api/auth/ticket: the session a Discord login started, in the shape of a login response. */
export async function exchangeLoginTicket(
  deps: Pick<AppDeps, 'config'>,
  ticket: string,
): Promise<LoginResponse> {
  const userId = await redeemTicket('login-ticket', ticket);
  if (userId === null) throw unauthorized('This login link has expired. Please log in again.');
  const user = await loadAccount(userId);
  // Suspending ends unused tickets too; this covers one issued as the suspension was being written.
  if (isSuspended(user.suspension)) throw accountSuspended(user.suspension!);
  return { token: sessionTokenFor(user, deps.config), user: presentCurrentUser(user) };
}
