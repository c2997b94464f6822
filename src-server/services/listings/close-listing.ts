import type { Listing } from '../../../src-common/schemas/listing';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { assertCanCloseListing } from '../../policies/listing';
import { presentListing } from '../../presenters/listing';
import { publishRejections, rejectUnfitOffers } from '../offers/reject-unfit-offers';
import { recordOffersAnswered } from '../reputation/record-reputation';
import { withListingLock } from './listing-lock';
import { LISTING_ALREADY_CLOSED, readStockedListing, writeStock } from './listing-stock';

/**
 * The owner closes an active listing by hand (the trade happened elsewhere): it leaves browse, keeps
 * what remains as it was, and its pending offers are rejected with "Listing closed".
 */
export async function closeListing(
  deps: Pick<AppDeps, 'publisher' | 'logger' | 'digests' | 'blocks'>,
  userId: number,
  id: number,
): Promise<Listing> {
  const { doc, rejected } = await withListingLock(id, async () => {
    const current = await readStockedListing(id);
    if (!current) throw notFound('listing');
    assertCanCloseListing(userId, current);
    if (current.stock.status === 'closed') throw conflict(LISTING_ALREADY_CLOSED);
    const next = { ...current.stock, status: 'closed' as const };
    const written = await writeStock(current, next, 'closed');
    return { doc: written, rejected: await rejectUnfitOffers(id, next, 'closed') };
  });
  const listing = presentListing(doc);
  // Counted before told, so that a page re-reading the owner's record on the live event finds it.
  await recordOffersAnswered(deps, listing.userId, rejected);
  deps.publisher.listingUpdated(listing);
  await publishRejections(deps, rejected, listing);
  return listing;
}
