import type { Listing, ListingInput } from '../../../src-common/schemas/listing';
import { afterQuantityEdit, smallestEditQuantity, tradedQuantity } from '../../../src-common/trade';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { assertCanEditListing } from '../../policies/listing';
import { presentListing } from '../../presenters/listing';
import { publishRejections, rejectUnfitOffers } from '../offers/reject-unfit-offers';
import { recordOffersAnswered } from '../reputation/record-reputation';
import { alertSavedSearches } from '../saved-searches/alert-matches';
import { loadTraderAccount } from './account';
import { listingFields } from './listing-fields';
import { withListingLock } from './listing-lock';
import {
  LISTING_CLOSED_FOR_EDITS,
  listingChanged,
  readStockedListing,
  stockFields,
  unchangedStock,
} from './listing-stock';

/**
 * Replaces an owned, active listing's fields in one conditional update that bumps `version`. What was
 * already traded stays traded: the new quantity must leave at least one item on top of it, and pending
 * offers for more than the new remaining quantity are rejected ("Only N left"). The owners of saved
 * searches that find the listing only since the edit are alerted.
 */
export async function updateListing(
  deps: Parameters<typeof alertSavedSearches>[0] & Pick<AppDeps, 'catalogue' | 'listings'>,
  userId: number,
  id: number,
  input: ListingInput,
): Promise<Listing> {
  const account = await loadTraderAccount(userId);
  const fields = listingFields(input, deps.catalogue, account);
  const { doc, before, rejected } = await withListingLock(id, async () => {
    const current = await readStockedListing(id);
    if (!current) throw notFound('listing');
    assertCanEditListing(userId, current);
    if (current.stock.status === 'closed') throw conflict(LISTING_CLOSED_FOR_EDITS);
    const next = afterQuantityEdit(current.stock, fields.quantity);
    if (!next) {
      const traded = tradedQuantity(current.stock);
      throw badRequest(
        `Quantity must be at least ${smallestEditQuantity(current.stock)}: ${traded} already traded`,
        'quantity',
      );
    }
    const updated = await ListingModel.findOneAndUpdate(
      { ...unchangedStock(current), userId },
      { $set: { ...fields, ...stockFields(next, 'sold') }, $inc: { version: 1 } },
      { returnDocument: 'after', runValidators: true },
    ).lean<ListingDoc>();
    if (!updated) throw listingChanged();
    // The listing as it was, from the in-memory index, for the saved searches it already matched. The
    // write before this one updates the index just after releasing the lock, so it may lag that write
    // for a moment, and in a cluster another process's last edit by the relay's delay.
    const before = deps.listings.get(id);
    return { doc: updated, before, rejected: await rejectUnfitOffers(id, next, null) };
  });
  // Counted before told, so that a page re-reading the owner's record on the live event finds it.
  await recordOffersAnswered(deps, userId, rejected);
  const listing = presentListing(doc);
  deps.publisher.listingUpdated(listing);
  await publishRejections(deps, rejected, listing);
  void alertSavedSearches(deps, listing, before);
  return listing;
}
