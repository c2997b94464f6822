import type { AppError } from '../../errors';
import { conflict } from '../../errors';
import { OfferModel } from '../../models/offer';

/**
 * The 409 for an offer that stopped being pending. A cancelled offer is deleted, so an offer that was
 * there a moment ago and is gone now was cancelled.
 */
export async function offerNoLongerPending(offerId: number): Promise<AppError> {
  const current = await OfferModel.findById(offerId, { status: 1 }).lean();
  const status = current?.status ?? 'cancelled';
  return conflict(`This offer has already been ${status} and can no longer be changed.`);
}
