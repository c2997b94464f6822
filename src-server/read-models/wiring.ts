import { onPublicFieldWrite } from '../models/public-field-writes';
import type { Broadcaster } from '../realtime/broadcaster';
import type { Publisher } from '../realtime/publish';
import type { PresenceService } from '../services/presence/presence';
import type { BlockIndex } from './block-index';
import type { ListingIndex } from './listing-index';
import type { MarketData } from './market';
import type { ProfileAnswers } from './profile-answers';

/**
 * Every watcher of a read model, in one list. The flow of a change: a service writes to the database,
 * then calls the publisher (realtime/publish.ts), whose read-model updater (realtime/read-model-updater.ts)
 * changes this process's read models and relays the change to the other processes, which apply it to
 * theirs; the watchers below then follow the read model they watch, on every process; last the
 * broadcaster (realtime/broadcaster.ts) tells the sockets.
 *
 * - listing index → order books (market-books.ts): each item's asks and bids.
 * - listing index → rendered profiles (profile-answers.ts): a user's rendered profile is dropped when one
 *   of their listings changes.
 * - order books → `market:book` to the item's watchers on this process (broadcaster.ts, market-feed.ts).
 *   A trade changes the book too (its last trade and 24-hour figures): the publisher says so itself.
 * - writes of public account fields (models/public-field-writes.ts) → every process forgets what it
 *   cached of those accounts (public-accounts.ts, the publisher's `accountsChanged`).
 * - presence and blocks relayed from other processes → this process's presence service and block index.
 *
 * The read model store (read-model-store.ts) follows the listing index, the offer index and the price
 * history too, but only from `loadReadModels` on, once it knows whether it already holds what they hold.
 *
 * Called once at start-up, before the read models load and before the Socket.IO server is attached;
 * returns what stops hearing the account writes.
 */
export function wireReadModels(parts: {
  listings: ListingIndex;
  market: MarketData;
  profiles: ProfileAnswers;
  publisher: Publisher;
  broadcaster: Broadcaster;
  presence: PresenceService;
  blocks: BlockIndex;
}): () => void {
  const { listings, market, profiles, publisher, broadcaster, presence, blocks } = parts;
  listings.observe(market.books);
  listings.observe(profiles);
  market.books.onChange((item) => broadcaster.bookChanged(item));
  publisher.onRelayedPresence((change) => presence.learn(change));
  publisher.onRelayedBlocks((changes) => blocks.apply(changes));
  return onPublicFieldWrite((userIds) => publisher.accountsChanged(userIds));
}
