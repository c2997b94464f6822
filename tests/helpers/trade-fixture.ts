import type { Offer } from '../../src-common/schemas/offer';
import type { Trade } from '../../src-common/schemas/trade';
import { postListing, TEST_ITEMS, type TestUser } from './factories';
import { http } from './http';

/** A POST /api/offers body: the listing and the amount in copper, and any other field. */
type OfferBody = { listing_id: number; offer_amount: number } & Record<string, unknown>;

/** Makes an offer over HTTP (so live events fire) and returns it; throws unless it was created. */
export async function postOffer(baseUrl: string, token: string, body: OfferBody): Promise<Offer> {
  const res = await http(baseUrl).post<Offer>('/api/offers', body, token);
  if (res.status !== 201) throw new Error(`postOffer failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The listing's owner accepts the offer, which makes its trade; throws unless it was accepted. */
export async function acceptOffer(baseUrl: string, offerId: number, owner: TestUser): Promise<void> {
  const res = await http(baseUrl).put(`/api/offers/${offerId}`, { action: 'accept' }, owner.token);
  if (res.status !== 200) throw new Error(`acceptOffer failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * A sell listing of `seller`'s, `buyer`'s offer of 300 copper each on `offered` of its `quantity`,
 * accepted: the trade, as the buyer reads it.
 */
export async function acceptedTrade(
  baseUrl: string,
  seller: TestUser,
  buyer: TestUser,
  options: { quantity?: number; offered?: number; item?: string } = {},
): Promise<Trade> {
  const { quantity = 3, offered = quantity, item = TEST_ITEMS.plain } = options;
  const listing = await postListing(baseUrl, seller.token, { quantity, item });
  const offer = await postOffer(baseUrl, buyer.token, {
    listing_id: listing.id,
    offer_amount: 300 * offered,
    quantity: offered,
  });
  await acceptOffer(baseUrl, offer.id, seller);
  const res = await http(baseUrl).get<Trade>(`/api/trades/${offer.id}`, buyer.token);
  if (res.status !== 200) throw new Error(`acceptedTrade failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
