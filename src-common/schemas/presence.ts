import { z } from 'zod';

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

export const presenceSchema = z.object({ online: z.boolean(), lastSeen: z.string().nullable() });

const idsMessage = 'ids must be a comma-separated list of user ids (positive whole numbers)';
const tooMany = `At most ${PRESENCE_IDS_MAX} ids`;

/** GET /api/presence?ids=1,2,3: distinct ids, in the order given. */
export const presenceQuerySchema = z.object({
  ids: z
    .string({ error: 'ids is required' })
    .trim()
    .min(1, 'ids is required')
    .regex(/^\d{1,15}(,\d{1,15})*$/, idsMessage)
    .transform((raw) => [...new Set(raw.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive(idsMessage)).max(PRESENCE_IDS_MAX, tooMany)),
});

/** presence:watch and presence:unwatch payload. */
export const presenceWatchSchema = z.object({
  userIds: z
    .array(z.number({ error: 'userIds must be user ids' }).int().positive('userIds must be user ids'), {
      error: 'userIds must be an array of user ids',
    })
    .max(PRESENCE_IDS_MAX, `At most ${PRESENCE_IDS_MAX} userIds per call`)
    .transform((ids) => [...new Set(ids)]),
});

/** presence:changed payload. */
export interface PresenceChange extends Presence {
  userId: number;
}
