import { z } from 'zod';
import { PRESENCE_IDS_MAX } from '../presence';
import { REFUSALS } from '../realtime-refusals';

export type { Presence, PresenceChange, PresenceMap } from '../presence';

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
    .meta({ pattern: '^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14})*$' })
    .transform((raw) => [...new Set(raw.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive(idsMessage)).max(PRESENCE_IDS_MAX, tooMany)),
});

/** presence:watch and presence:unwatch payload. */
export const presenceWatchSchema = z.object({
  userIds: z
    .array(z.number({ error: REFUSALS.userIds }).int().positive(REFUSALS.userIds), {
      error: REFUSALS.userIdsArray,
    })
    .max(PRESENCE_IDS_MAX, REFUSALS.tooManyUserIds)
    .transform((ids) => [...new Set(ids)]),
});
