import { DELETED_USER } from '../../../src-common/schemas/trade';
import type { AppDeps } from '../../deps';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { presentOffer } from '../../presenters/offer';
import { loadTraderAccount } from '../listings/account';
import { withListingLock } from '../listings/listing-lock';

type Deps = Pick<AppDeps, 'publisher'>;

/**
 * Offers carry a copy of the offering user's name and avatar. Each offer of the user whose copy differs
 * from `shown` is rewritten under its listing's lock with a version bump and published, so watching
 * detail pages show the new name without a reload.
 */
async function showOffererAs(
  deps: Deps,
  userId: number,
  shown: { username: string; avatar: string | null },
): Promise<void> {
  const offers = await OfferModel.find({ userId }, { listingId: 1, username: 1, userAvatar: 1 }).lean<
    Pick<OfferDoc, '_id' | 'listingId' | 'username' | 'userAvatar'>[]
  >();
  const stale = offers.filter(
    (o) => o.username !== shown.username || (o.userAvatar ?? null) !== shown.avatar,
  );
  for (const offer of stale) {
    const doc = await withListingLock(offer.listingId, () =>
      OfferModel.findOneAndUpdate(
        { _id: offer._id, userId },
        { $set: { username: shown.username, userAvatar: shown.avatar }, $inc: { version: 1 } },
        { returnDocument: 'after' },
      ).lean<OfferDoc>(),
    );
    if (doc) deps.publisher.offerUpdated(presentOffer(doc));
  }
}

/** After a rename or a new avatar: the offers show the account as it is now. */
export async function refreshOffererOnOffers(deps: Deps, userId: number): Promise<void> {
  const account = await loadTraderAccount(userId);
  await showOffererAs(deps, userId, { username: account.username, avatar: account.avatar });
}

/** A deleted account's offers that stay (accepted, rejected) show it as its trades do: "Deleted user". */
export async function forgetOffererOnOffers(deps: Deps, userId: number): Promise<void> {
  await showOffererAs(deps, userId, { username: DELETED_USER, avatar: null });
}
