import type { Catalogue } from './catalogue/catalogue';
import type { Config } from './config';
import type { Mailer } from './lib/mailer';
import type { Logger } from './logger';
import type { RateLimits } from './middlewares/rate-limit';
import type { ListingIndex } from './read-models/listing-index';
import type { MarketData } from './read-models/market';
import type { SavedSearchIndex } from './read-models/saved-search-index';
import type { BlockIndex } from './read-models/block-index';
import type { OfferIndex } from './read-models/offer-index';
import type { ProfileAnswers } from './read-models/profile-answers';
import type { PublicAccounts } from './read-models/public-accounts';
import type { Publisher } from './realtime/publish';
import type { SessionGenerations } from './services/accounts/session-generations';
import type { PresenceService } from './services/presence/presence';
import type { Digests } from './services/notifications/digests';
import type { WebhookDispatcher } from './services/webhooks/webhook-dispatcher';

/** What handlers and services are given; built once per server in server.ts. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  catalogue: Catalogue;
  publisher: Publisher;
  /** Every live listing, in memory, for the read paths (read-models/listing-index.ts). */
  listings: ListingIndex;
  /** Order books and price history, in memory (read-models/market.ts). */
  market: MarketData;
  /** Every offer, in memory, for the offer reads (read-models/offer-index.ts). */
  offers: OfferIndex;
  /** Each account's public fields as this process knows them (read-models/public-accounts.ts). */
  accounts: PublicAccounts;
  /** Rendered profiles, kept until they change (read-models/profile-answers.ts). */
  profiles: ProfileAnswers;
  mailer: Mailer;
  /** Email digests of what a user missed while away (services/notifications/digests.ts). */
  digests: Digests;
  /** Every rate limit (policies/rate-limits.ts), shared across processes through Redis when set. */
  rateLimits: RateLimits;
  /** Each account's current session generation, as this process knows it (services/accounts/session-generations.ts). */
  sessions: SessionGenerations;
  /** Who is online (services/presence/presence.ts). */
  presence: PresenceService;
  /** Every saved search, in memory, filed for matching new listings (read-models/saved-search-index.ts). */
  savedSearches: SavedSearchIndex;
  /** Who blocked whom, in memory (read-models/block-index.ts). */
  blocks: BlockIndex;
  /** Posts saved searches' new matches to their Discord webhooks (services/webhooks/webhook-dispatcher.ts). */
  webhooks: WebhookDispatcher;
}
