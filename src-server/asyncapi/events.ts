import { PRESENCE_IDS_MAX, PRESENCE_WATCH_MAX } from '../../src-common/presence';
import { REFUSALS } from '../../src-common/realtime-refusals';
import type { ClientEventName, ServerEventName } from '../../src-common/schemas/realtime';

/** The rooms a server event goes to: everyone, or one of the four kinds of room a socket is in. */
export type RoomName = 'everyone' | 'listing' | 'user' | 'market' | 'presence';

export interface RoomDoc {
  /** The Socket.IO room's name, `{param}` standing for its variable part; `/` is the whole namespace. */
  address: string;
  title: string;
  /** Who is in it and how a socket gets in and out (CommonMark). */
  description: string;
  parameter?: { name: string; description: string };
}

export const ROOMS: Record<RoomName, RoomDoc> = {
  everyone: {
    address: '/',
    title: 'Everyone',
    description:
      'Every socket, anonymous or not, from the moment it connects: the default namespace `/`. Listing changes are broadcast here, and every client-to-server event is sent here.',
  },
  listing: {
    address: 'listing:{listingId}',
    title: "A listing's watchers",
    description:
      "Sockets that sent `listing:watch` with the listing's id (anyone may). `listing:unwatch` leaves it. A listing's offers are sent here (and each to its maker's own room), so watch each listing whose offers you follow.",
    parameter: { name: 'listingId', description: "The listing's id, a positive integer." },
  },
  user: {
    address: 'user:{userId}',
    title: "A user's own sockets",
    description:
      "The authenticated sockets of one user, placed here by the server from the verified handshake token: a session token, or a personal access token with the `read` scope. No event joins it, and a socket can never be in another user's room.",
    parameter: { name: 'userId', description: "The user's id, a positive integer." },
  },
  market: {
    address: 'market:{item}',
    title: "An item's watchers",
    description:
      "Sockets that sent `market:watch` with the item's catalogue name (anyone may). `market:unwatch` leaves it. Nothing market-wide is broadcast to everyone.",
    parameter: { name: 'item', description: 'The catalogue item name as is (spaces and case included).' },
  },
  presence: {
    address: 'presence:{userId}',
    title: "A user's presence watchers",
    description:
      'Sockets that sent `presence:watch` with the user among `userIds` (anyone may, visitors too). `presence:unwatch` leaves it. Presence is never broadcast to everyone.',
    parameter: { name: 'userId', description: 'The watched user’s id, a positive integer.' },
  },
};

export interface ServerEventDoc {
  room: RoomName;
  /** Further rooms the same emit reaches: a socket in several of them receives the event once. */
  alsoTo?: RoomName[];
  summary: string;
  /** When it is sent, beyond the summary (CommonMark). */
  description: string;
  /**
   * Whether the server appends the recovery offset: every event sent to a room or to everyone does,
   * except `market:book` behind several server processes (each sends it to its own sockets only).
   */
  offset: 'always' | 'single process only';
}

/** Where the offer events go besides their listing's room. */
const TO_MAKER =
  'Sent to the listing’s room and to the room of the offer’s maker, in one emit: the maker’s sockets follow their own offers on any listing without watching it, and a socket in both rooms receives it once.';

export const SERVER_EVENT_DOCS: Record<ServerEventName, ServerEventDoc> = {
  'listing:created': {
    room: 'everyone',
    summary: 'A listing was posted',
    description:
      'Also sent when a listing hidden by its seller’s suspension comes back. `listing` is as `GET /api/listings/{id}` answers it.',
    offset: 'always',
  },
  'listing:updated': {
    room: 'everyone',
    summary: 'A listing changed',
    description:
      'It was edited, an accepted offer took from its `remainingQuantity`, it closed (`status: "closed"`, `closedReason` `sold` or `closed`), a cancelled trade gave items back (a sold-out listing reopens), or its seller’s name or badges changed. Keep it only if its `version` is greater than the one you hold.',
    offset: 'always',
  },
  'listing:deleted': {
    room: 'everyone',
    summary: 'A listing is gone',
    description:
      'Deleted by its owner or an admin (its offers go with it), or hidden by its seller’s suspension (back with `listing:created` when it ends). Ignore later events for the id.',
    offset: 'always',
  },
  'offer:created': {
    room: 'listing',
    alsoTo: ['user'],
    summary: 'An offer was made on the watched listing, or by this user',
    description: `\`offer\` is as \`GET /api/offers/listing/{id}\` answers it. ${TO_MAKER}`,
    offset: 'always',
  },
  'offer:updated': {
    room: 'listing',
    alsoTo: ['user'],
    summary: 'An offer on the watched listing, or of this user, was accepted or rejected',
    description: `By the listing’s owner, or automatically when it no longer fits what remains: then \`status\` is \`rejected\` and \`rejection_reason\` says why (\`Only 2 left\`, \`Sold to another offer\`, \`Listing closed\`); a manual rejection has \`rejection_reason: null\`. ${TO_MAKER}`,
    offset: 'always',
  },
  'offer:deleted': {
    room: 'listing',
    alsoTo: ['user'],
    summary: 'An offer on the watched listing, or of this user, was cancelled by its maker',
    description: `Ignore later events for the id. ${TO_MAKER}`,
    offset: 'always',
  },
  notification: {
    room: 'user',
    summary: 'Something concerns this user',
    description:
      'The notification as stored, exactly as `GET /api/notifications` answers it (`read` is always false here). Kinds: `offer_received` (on my listing), `offer_accepted`, `offer_rejected` (my offer; the message ends with the reason of an automatic one), `offer_cancelled` (an offer on my listing), `saved_search_match`, `trade_updated`, `trade_reminder`, `feedback_received`, `offer_message`, `report_resolved`; `kind` in the schema lists them all. A user with no socket connected gets them by email instead, in digests.',
    offset: 'always',
  },
  'market:book': {
    room: 'market',
    summary: "The watched item's order book changed",
    description:
      'The whole book, not a change: replace what you show. Sent after a listing of the item was posted, edited, traded, closed or deleted, or a trade was cancelled; coalesced to at most one every 250 ms per item, carrying the book as it is when sent. `book` is as `GET /api/market/items/{name}` answers it.',
    offset: 'single process only',
  },
  'market:trade': {
    room: 'market',
    summary: "An offer on one of the watched item's listings was accepted",
    description:
      'One per accept, never coalesced. `unitPrice` is copper per item (the accepted amount over the quantity, to the nearest copper); `side` is the listing’s type.',
    offset: 'always',
  },
  'presence:changed': {
    room: 'presence',
    summary: 'A watched user came online, went offline, or changed "Show when I’m online"',
    description:
      '`lastSeen` is null while online and for a user who hides their presence (who always reads as offline). When a server process dies, its users’ `presence:changed` follows within 45 s.',
    offset: 'always',
  },
  'trade:updated': {
    room: 'user',
    summary: 'A trade of this user changed',
    description:
      'Sent to every socket of both traders, nobody else’s, after a change of its status, a confirmation, a cancel request or a feedback. `trade` is as `GET /api/trades/{id}` answers it; keep the greater `version`.',
    offset: 'always',
  },
  'offer:message': {
    room: 'user',
    summary: 'A message was written in the thread of an offer of this user',
    description:
      'Sent to every socket of both parties (the offer’s maker and the listing’s owner), nobody else’s. Message ids grow: order a thread by `id` and drop a message you already hold.',
    offset: 'always',
  },
};

export interface ClientEventDoc {
  summary: string;
  /** What it does and what its acknowledgement answers (CommonMark). */
  description: string;
  /** The room it joins or leaves. */
  room: RoomName;
  /** The `error` texts of a refusal. */
  errors: string[];
}

export const CLIENT_EVENT_DOCS: Record<ClientEventName, ClientEventDoc> = {
  'listing:watch': {
    summary: "Join a listing's room",
    description:
      'Receive its offers from now on. The ack says `{ ok: true }` once the socket is in the room.',
    room: 'listing',
    errors: [REFUSALS.listingNotFound, REFUSALS.listingId],
  },
  'listing:unwatch': {
    summary: "Leave a listing's room",
    description: 'The ack may be left out.',
    room: 'listing',
    errors: [REFUSALS.listingId],
  },
  'market:watch': {
    summary: "Join an item's room and get its book",
    description:
      'The socket joins the room before the book is read, so no `market:book` sent after the ack’s book can miss it. Send it again after every reconnect and use the book its ack carries.',
    room: 'market',
    errors: [REFUSALS.itemNotFound, REFUSALS.itemName],
  },
  'market:unwatch': {
    summary: "Leave an item's room",
    description: 'The ack may be left out.',
    room: 'market',
    errors: [REFUSALS.itemName],
  },
  'presence:watch': {
    summary: 'Watch users’ presence and get it now',
    description:
      `At most ${PRESENCE_IDS_MAX} ids per call and ${PRESENCE_WATCH_MAX} users watched per connection. ` +
      'The rooms are joined before the presence is read, so no change falls between the ack and the first `presence:changed`.',
    room: 'presence',
    errors: [
      REFUSALS.tooManyUserIds,
      REFUSALS.tooManyWatched,
      REFUSALS.userIdsArray,
      REFUSALS.userIds,
      REFUSALS.presenceUnavailable,
    ],
  },
  'presence:unwatch': {
    summary: 'Stop watching users’ presence',
    description: 'The ack may be left out.',
    room: 'presence',
    errors: [REFUSALS.userIdsArray, REFUSALS.userIds],
  },
};
