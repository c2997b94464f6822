import type { Listing, ListingInput } from '../../../src-common/schemas/listing';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { assertCanEditListing } from '../../policies/listing';
import { presentListing } from '../../presenters/listing';
import { loadTraderAccount } from './account';
import { listingFields } from './listing-fields';
import { withListingLock } from './listing-lock';

/** Replaces an owned listing's fields in one conditional update that bumps `version`. */
export async function updateListing(
  deps: Pick<AppDeps, 'catalogue' | 'publisher'>,
  userId: number,
  id: number,
  input: ListingInput,
): Promise<Listing> {
  const account = await loadTraderAccount(userId);
  const fields = listingFields(input, deps.catalogue, account);
  const doc = await withListingLock(id, async () => {
    const current = await ListingModel.findById(id, { userId: 1 }).lean<Pick<ListingDoc, 'userId'>>();
    if (!current) throw notFound('listing');
    assertCanEditListing(userId, current);
    return ListingModel.findOneAndUpdate(
      { _id: id, userId },
      { $set: fields, $inc: { version: 1 } },
      { returnDocument: 'after', runValidators: true },
    ).lean<ListingDoc>();
  });
  if (!doc) throw notFound('listing');
  const listing = presentListing(doc);
  deps.publisher.listingUpdated(listing);
  return listing;
}
