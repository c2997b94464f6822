import type { AppDeps } from '../../deps';
import { OfferModel, type OfferDoc } from '../../models/offer';
import { presentOffer } from '../../presenters/offer';
import { loadTraderAccount } from '../listings/account';
import { withListingLock } from '../listings/listing-lock';

/**
 * Offers carry a copy of the offering user's name and avatar. After a rename or a new avatar, each
 * offer whose copy differs is rewritten under its listing's lock with a version bump and published,
 * so watching detail pages show the new name without a reload.
 */
export async function refreshOffererOnOffers(
  deps: Pick<AppDeps, 'publisher'>,
  userId: number,
): Promise<void> {
  const account = await loadTraderAccount(userId);
  const offers = await OfferModel.find({ userId }, { listingId: 1, username: 1, userAvatar: 1 }).lean<
    Pick<OfferDoc, '_id' | 'listingId' | 'username' | 'userAvatar'>[]
  >();
  const stale = offers.filter(
    (o) => o.username !== account.username || (o.userAvatar ?? null) !== account.avatar,
  );
  for (const offer of stale) {
    const doc = await withListingLock(offer.listingId, () =>
      OfferModel.findOneAndUpdate(
        { _id: offer._id, userId },
        { $set: { username: account.username, userAvatar: account.avatar }, $inc: { version: 1 } },
        { returnDocument: 'after' },
      ).lean<OfferDoc>(),
    );
    if (doc) deps.publisher.offerUpdated(presentOffer(doc));
  }
}
