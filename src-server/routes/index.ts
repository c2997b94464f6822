import { METHODS } from 'node:http';
import Router from '@koa/router';
import type { AppDeps } from '../deps';
import { adminRoutes } from './admin/admin.routes';
import { moderationRoutes } from './admin/moderation.routes';
import { suspensionsRoutes } from './admin/suspensions.routes';
import { authRoutes } from './auth/auth.routes';
import { clientConfigRoutes } from './client-config/client-config.routes';
import { docsRoutes } from './docs/docs.routes';
import { healthRoutes } from './health/health.routes';
import { itemsRoutes } from './items/items.routes';
import { listingsRoutes } from './listings/listings.routes';
import { marketRoutes } from './market/market.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { offerMessagesRoutes } from './offers/offer-messages.routes';
import { offersRoutes } from './offers/offers.routes';
import { presenceRoutes } from './presence/presence.routes';
import { profileRoutes } from './profile/profile.routes';
import { reportsRoutes } from './reports/reports.routes';
import { reputationRoutes } from './reputation/reputation.routes';
import { savedSearchesRoutes } from './saved-searches/saved-searches.routes';
import { tradesRoutes } from './trades/trades.routes';
import { blocksRoutes } from './users/blocks.routes';
import { usersRoutes } from './users/users.routes';

/**
 * Every REST resource under /api; each resource's router lives in its own folder. `methods` lists every
 * method Node parses, so the app's `allowedMethods()` answers any of them that a known path does not take
 * with 405 and `Allow` (the router's default list would answer TRACE or QUERY 501).
 */
export function apiRouter(deps: AppDeps): Router {
  const api = new Router({ prefix: '/api', methods: METHODS });
  for (const router of [
    healthRoutes(),
    clientConfigRoutes(deps),
    docsRoutes(deps.config),
    itemsRoutes(deps),
    authRoutes(deps),
    usersRoutes(deps),
    blocksRoutes(deps),
    adminRoutes(deps),
    moderationRoutes(deps),
    suspensionsRoutes(deps),
    listingsRoutes(deps),
    offersRoutes(deps),
    offerMessagesRoutes(deps),
    notificationsRoutes(deps),
    profileRoutes(deps),
    marketRoutes(deps),
    presenceRoutes(deps),
    reputationRoutes(deps),
    savedSearchesRoutes(deps),
    reportsRoutes(deps),
    tradesRoutes(deps),
  ]) {
    api.use(router.routes());
  }
  return api;
}
