import type { Listing, ListingInput } from '../../../src-common/schemas/listing';
import type { AppDeps } from '../../deps';
import { nextId } from '../../models/counter';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { presentListing } from '../../presenters/listing';
import { alertSavedSearches } from '../saved-searches/alert-matches';
import { loadTraderAccount } from './account';
import { listingFields } from './listing-fields';

/** Posts a listing for the caller, then tells every open page and the owners of the saved searches it matches. */
export async function createListing(
  deps: Parameters<typeof alertSavedSearches>[0] & Pick<AppDeps, 'catalogue'>,
  userId: number,
  input: ListingInput,
): Promise<Listing> {
  // Side by side: each is a round trip to the database, which a busy server answers slower.
  const [account, id] = await Promise.all([loadTraderAccount(userId), nextId('listings')]);
  const fields = listingFields(input, deps.catalogue, account);
  const doc = await ListingModel.create({
    _id: id,
    ...fields,
    remainingQuantity: fields.quantity,
    status: 'active',
    version: 1,
  });
  const listing = presentListing(doc.toObject() as ListingDoc);
  deps.publisher.listingCreated(listing);
  // Not awaited: the alerts are stored and sent after the answer, and never fail the write.
  void alertSavedSearches(deps, listing);
  return listing;
}
