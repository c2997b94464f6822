import { myOfferListSchema, myOffersQuerySchema } from '../../src-common/schemas/my-offers';
import { json, type Endpoint } from './endpoint';

/** "My offers": the offers the caller made, whatever became of them. */
export const MY_OFFER_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/offers/mine',
    summary:
      'The offers the caller made (pending, accepted, rejected, cancelled), newest first, paged like browse',
    tag: 'Offers',
    access: 'read',
    query: myOffersQuerySchema,
    ok: json('A page of offers; `X-Total-Count` holds how many match.', myOfferListSchema, ['X-Total-Count']),
    errors: [400],
  },
];
