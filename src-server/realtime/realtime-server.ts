import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src-common/events';
import type { Listing } from '../../src-common/schemas/listing';
import type { Offer } from '../../src-common/schemas/offer';
import type { PresenceChange } from '../../src-common/schemas/presence';
import type { BlockChange } from '../read-models/block-index';
import type { TradeFact } from '../read-models/market-history';
import type { IndexedSearch } from '../read-models/saved-search-index';

/** What server processes tell each other (through the Redis adapter) so every read model stays current. */
export interface InterServerEvents {
  'index:listing-upserted': (listing: Listing) => void;
  'index:listing-removed': (id: number) => void;
  'index:offer-upserted': (offer: Offer) => void;
  'index:offer-removed': (id: number) => void;
  'sessions:ended': (userId: number, generation: number) => void;
  /** Public fields of these accounts (null: of any) changed: what each process cached of them goes. */
  'accounts:changed': (userIds: number[] | null) => void;
  /** A trade recorded by one process, for the others' market history. */
  'market:trade-recorded': (trade: TradeFact) => void;
  /** A trade cancelled on one process: the others' market history forgets it. */
  'market:trade-removed': (trade: TradeFact) => void;
  'index:saved-search-added': (search: IndexedSearch) => void;
  'index:saved-search-removed': (id: number) => void;
  'presence:changed': (change: PresenceChange) => void;
  'blocks:changed': (changes: BlockChange[]) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

/** The room of the sockets that connected with one personal access token (not joinable by clients). */
export const tokenRoom = (tokenId: number) => `token:${tokenId}`;
