import { ListingModel, type ListingDoc } from '../models/listing';
import { presentListing } from '../presenters/listing';
import type { ListingIndex } from './listing-index';

/** Reads every listing once at start-up; afterwards the publisher keeps the index current. */
export async function loadListingIndex(index: ListingIndex): Promise<void> {
  const docs = await ListingModel.find().lean<ListingDoc[]>();
  index.load(docs.map((doc) => presentListing(doc)));
}
