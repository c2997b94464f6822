import type { Listing, ListingInput } from '../../../src-common/schemas/listing';
import type { AppDeps } from '../../deps';
import { nextId } from '../../models/counter';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { presentListing } from '../../presenters/listing';
import { loadTraderAccount } from './account';
import { listingFields } from './listing-fields';

/** Posts a listing for the caller, then tells every open page. */
export async function createListing(
  deps: Pick<AppDeps, 'catalogue' | 'publisher'>,
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
  return listing;
}
