import { ACCOUNT_ENDPOINTS } from './account-endpoints';
import { BLOCK_ENDPOINTS } from './block-endpoints';
import type { Endpoint } from './endpoint';
import { LISTING_GROUP_ENDPOINTS } from './listing-group-endpoints';
import { MARKET_ENDPOINTS } from './market-endpoints';
import { MODERATION_ENDPOINTS } from './moderation-endpoints';
import { NOTIFICATION_ENDPOINTS } from './notification-endpoints';
import { PRICE_ENDPOINTS } from './price-endpoints';
import { REALTIME_ENDPOINTS } from './realtime-endpoints';
import { SALE_ENDPOINTS } from './sale-endpoints';
import { SUSPENSION_ENDPOINTS } from './suspension-endpoints';
import { THREAD_ENDPOINTS } from './thread-endpoints';
import { TRADE_ENDPOINTS } from './trade-endpoints';
import { TRUST_ENDPOINTS } from './trust-endpoints';
import { WEBHOOK_ENDPOINTS } from './webhook-endpoints';

export type { Access, Endpoint } from './endpoint';

/** Every public route under /api. The contract test checks this list against the Koa router. */
export const ENDPOINTS: Endpoint[] = [
  ...MARKET_ENDPOINTS,
  ...LISTING_GROUP_ENDPOINTS,
  ...REALTIME_ENDPOINTS,
  ...PRICE_ENDPOINTS,
  ...SALE_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...BLOCK_ENDPOINTS,
  ...NOTIFICATION_ENDPOINTS,
  ...MODERATION_ENDPOINTS,
  ...SUSPENSION_ENDPOINTS,
  ...THREAD_ENDPOINTS,
  ...TRUST_ENDPOINTS,
  ...WEBHOOK_ENDPOINTS,
  ...TRADE_ENDPOINTS,
];
