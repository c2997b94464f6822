/**
 * Presence limits and shapes, without zod, so the listing cards (first paint) can use them; the zod
 * schemas for the API are in schemas/presence.ts.
 */

/** At most this many users per GET /api/presence or per presence:watch. */
export const PRESENCE_IDS_MAX = 200;
/** At most this many users watched by one socket at a time. */
export const PRESENCE_WATCH_MAX = 1000;

/** One user's presence: `lastSeen` is when their last socket closed (ISO 8601), null while online or hidden. */
export interface Presence {
  online: boolean;
  lastSeen: string | null;
}

/** Presence by user id (the id as a string key, as JSON objects have them). */
export type PresenceMap = Record<string, Presence>;

/** presence:changed payload. */
export interface PresenceChange extends Presence {
  userId: number;
}
