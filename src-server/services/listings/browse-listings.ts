import type { QueryFilter, SortOrder } from 'mongoose';
import type { BrowseQuery, BrowseSort, Listing } from '../../../src-common/schemas/listing';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { presentListing } from '../../presenters/listing';

export interface BrowsePage {
  listings: Listing[];
  /** How many listings match the filters, ignoring limit and offset. */
  total: number;
}

/** Ties fall back to the id in the same direction, so paging is stable. */
const SORTS: Record<BrowseSort, Record<string, SortOrder>> = {
  new: { createdAt: -1, _id: -1 },
  old: { createdAt: 1, _id: 1 },
  asc: { price: 1, _id: 1 },
  desc: { price: -1, _id: -1 },
  totalasc: { totalPrice: 1, _id: 1 },
  totaldesc: { totalPrice: -1, _id: -1 },
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function browseFilter(query: BrowseQuery): QueryFilter<ListingDoc> {
  const filter: QueryFilter<ListingDoc> = {};
  if (query.type) filter.type = query.type;
  if (query.category) filter.category = query.category;
  if (query.episode) filter.episode = query.episode;
  if (query.profession) filter.professions = query.profession;
  if (query.q) {
    const pattern = new RegExp(escapeRegex(query.q), 'i');
    filter.$or = [{ item: pattern }, { notes: pattern }];
  }
  return filter;
}

/** GET /api/listings: the one place the browse query is built. */
export async function browseListings(query: BrowseQuery): Promise<BrowsePage> {
  const filter = browseFilter(query);
  let find = ListingModel.find(filter).sort(SORTS[query.sort]);
  if (query.offset) find = find.skip(query.offset);
  if (query.limit !== undefined) find = find.limit(query.limit);
  const [docs, counted] = await Promise.all([
    find.lean<ListingDoc[]>(),
    query.limit === undefined ? null : ListingModel.countDocuments(filter),
  ]);
  const total = counted ?? (query.offset ?? 0) + docs.length;
  return { listings: docs.map((doc) => presentListing(doc)), total };
}
