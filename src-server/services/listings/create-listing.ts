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
  const account = await loadTraderAccount(userId);
  const fields = listingFields(input, deps.catalogue, account);
  const doc = await ListingModel.create({
    _id: await nextId('listings'),
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
