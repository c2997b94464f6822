import type { MyOffer } from '../../../src-common/schemas/my-offers';
import { apiRequest } from '../../lib/api-client';

/** How many offers a page of My offers asks for. */
export const MY_OFFERS_PAGE_SIZE = 20;

/** GET /api/offers/mine: a page of the caller's offers, newest first, and how many there are. */
export async function fetchMyOffers(offset: number, limit = MY_OFFERS_PAGE_SIZE) {
  const { data, headers } = await apiRequest<MyOffer[]>('GET', '/offers/mine', { query: { offset, limit } });
  return { offers: data, total: Number(headers.get('X-Total-Count') ?? data.length) };
}
