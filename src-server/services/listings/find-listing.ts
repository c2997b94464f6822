import type { ListingDetail } from '../../../src-common/schemas/listing';
import { notFound } from '../../errors';
import { ListingModel, type ListingDoc } from '../../models/listing';
import { presentListingDetail } from '../../presenters/listing';

export async function findListingDetail(id: number): Promise<ListingDetail> {
  const doc = await ListingModel.findById(id).lean<ListingDoc>();
  if (!doc) throw notFound('listing');
  return presentListingDetail(doc);
}
