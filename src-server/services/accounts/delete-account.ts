import type { DeleteAccountInput } from '../../../src-common/schemas/account-deletion';
import { CONFIRM_USERNAME_MESSAGE } from '../../../src-common/schemas/account-deletion';
import { normaliseUsername } from '../../../src-common/usernames';
import type { AppDeps } from '../../deps';
import { AppError, badRequest } from '../../errors';
import { revokeUnusedTokens, TOKEN_PURPOSES } from '../../lib/one-time-tokens';
import { atomicWrite } from '../../lib/transactions';
import { ApiTokenModel } from '../../models/api-token';
import { DigestStateModel, NotificationModel } from '../../models/notification';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { SavedSearchModel } from '../../models/saved-search';
import { UserModel, type UserDoc } from '../../models/user';
import { removeBlocksOf } from '../blocks/blocks';
import { deleteAllListingsOf } from '../listings/delete-listing';
import { cancelOffer } from '../offers/cancel-offer';
import { forgetWithdrawnOffers } from '../offers/my-offers';
import { forgetOffererOnOffers } from '../offers/refresh-offerer';
import { loadAccount } from './accounts';
import { removeAdminOfLeavingAccount } from './admins';
import { passwordMatches } from './passwords';
import { endAllSessions } from './sessions';

type Deps = Pick<AppDeps, 'publisher' | 'logger' | 'digests' | 'blocks' | 'sessions'>;

/** The account's own word that it is leaving: its password, or its username when it has none. */
async function assertConfirmed(user: UserDoc, input: DeleteAccountInput): Promise<void> {
  if (user.passwordHash) {
    if (!input.currentPassword) throw badRequest('Current password is required', 'currentPassword');
    if (!(await passwordMatches(input.currentPassword, user.passwordHash)))
      throw badRequest('Current password is incorrect', 'currentPassword');
    return;
  }
  if (!input.confirm?.trim()) throw badRequest(CONFIRM_USERNAME_MESSAGE, 'confirm');
  if (normaliseUsername(input.confirm) !== user.username)
    throw badRequest('That is not your username. Type it exactly as it is shown.', 'confirm');
}

/** Each pending offer the account made is withdrawn as a cancel would (its listing's owner is told). */
async function withdrawPendingOffers(deps: Deps, userId: number): Promise<void> {
  const pending = await OfferModel.find({ userId, status: 'pending' }, { _id: 1 }).lean<
    Pick<OfferDoc, '_id'>[]
  >();
  for (const { _id } of pending) {
    try {
      await cancelOffer(deps, userId, _id);
    } catch (err) {
      // Accepted, rejected or gone meanwhile: it is no longer pending, which is what leaving needs.
      if (!(err instanceof AppError && (err.status === 404 || err.status === 409))) throw err;
    }
  }
}

async function deleteSavedSearches(deps: Deps, userId: number): Promise<void> {
  const searches = await SavedSearchModel.find({ userId }, { _id: 1 }).lean<{ _id: number }[]>();
  await SavedSearchModel.deleteMany({ userId });
  for (const { _id } of searches) deps.publisher.savedSearchRemoved(_id);
}

async function deleteApiTokens(deps: Deps, userId: number): Promise<void> {
  const tokens = await ApiTokenModel.find({ userId }, { _id: 1 }).lean<{ _id: number }[]>();
  await ApiTokenModel.deleteMany({ userId });
  for (const { _id } of tokens) deps.publisher.apiTokenRevoked(_id);
}

/**
 * DELETE /api/auth/me: the account leaves for good. Checked first (password, or the username for a
 * Discord-only account; a refusal changes nothing), then: an admin leaves the admin list (the last one
 * cannot leave, 409); every session and API token ends and their sockets drop; its pending offers are
 * withdrawn; its listings (with their offers), saved searches, notifications and blocks go; last, the
 * account itself, which frees its email and Discord ID for a new account. Trades and feedback stay and
 * show the account as "Deleted user", as do its offers that stay on others' listings. Runs once at a time per account; a failure part way leaves an
 * account that can log in and leave again.
 */
export async function deleteAccount(deps: Deps, userId: number, input: DeleteAccountInput): Promise<void> {
  await atomicWrite(`user-delete:${userId}`, async () => {
    const user = await loadAccount(userId);
    await assertConfirmed(user, input);
    if (user.discordId) await removeAdminOfLeavingAccount(userId, user.discordId);
    await deleteApiTokens(deps, userId);
    await endAllSessions(deps, userId);
    await revokeUnusedTokens(userId, [...TOKEN_PURPOSES]);
    await withdrawPendingOffers(deps, userId);
    await forgetWithdrawnOffers(userId);
    await deleteAllListingsOf(deps, userId);
    await forgetOffererOnOffers(deps, userId);
    await deleteSavedSearches(deps, userId);
    await NotificationModel.deleteMany({ userId });
    await DigestStateModel.deleteOne({ _id: userId });
    await removeBlocksOf(deps, userId);
    // Through the model, so every process forgets the account's public fields (models/public-field-writes.ts).
    await UserModel.deleteOne({ _id: userId });
  });
  deps.logger.info({ userId }, 'account deleted by its owner');
}
