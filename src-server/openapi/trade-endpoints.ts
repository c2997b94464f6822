import { reputationSummaryQuerySchema, reputationSummarySchema } from '../../src-common/schemas/reputation';
import {
  disputeInputSchema,
  feedbackInputSchema,
  tradeListSchema,
  tradeQuerySchema,
  tradeSchema,
} from '../../src-common/schemas/trade';
import { idParam, json, type Endpoint } from './endpoint';

const theTrade = json('The trade as it is now.', tradeSchema);

/** The trade after the accept: confirm, cancel, dispute, feedback; and the reputation summary for cards. */
export const TRADE_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/trades',
    summary: "The caller's trades, newest first, paged like browse",
    tag: 'Trades',
    access: 'read',
    query: tradeQuerySchema,
    ok: json('A page of trades; `X-Total-Count` holds how many match.', tradeListSchema, ['X-Total-Count']),
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/trades/{id}',
    summary: 'One trade (its two parties and admins)',
    tag: 'Trades',
    access: 'read',
    params: idParam,
    ok: json('The trade.', tradeSchema),
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/trades/{id}/confirm',
    summary: 'I received what I was promised; the second confirmation completes the trade',
    tag: 'Trades',
    access: 'trade',
    params: idParam,
    ok: theTrade,
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/api/trades/{id}/cancel',
    summary:
      'Ask to call the trade off; once both asked it is cancelled and the items go back to the listing',
    tag: 'Trades',
    access: 'trade',
    params: idParam,
    ok: theTrade,
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/api/trades/{id}/dispute',
    summary: 'Dispute an open trade, or one completed less than 7 days ago; the admins get a report',
    tag: 'Trades',
    access: 'trade',
    params: idParam,
    body: disputeInputSchema,
    ok: theTrade,
    errors: [400, 404, 409],
  },
  {
    method: 'post',
    path: '/api/trades/{id}/feedback',
    summary: 'Leave one feedback on the other party of a completed or disputed trade',
    tag: 'Trades',
    access: 'trade',
    params: idParam,
    body: feedbackInputSchema,
    ok: theTrade,
    errors: [400, 404, 409],
  },
  {
    method: 'get',
    path: '/api/reputation/summary',
    summary: 'Completed trades and positive feedback share of up to 200 traders, for cards',
    tag: 'Users',
    access: 'optional',
    query: reputationSummaryQuerySchema,
    ok: json(
      'By user id; users who do not exist or keep their stats private are left out.',
      reputationSummarySchema,
    ),
    errors: [400],
  },
];
