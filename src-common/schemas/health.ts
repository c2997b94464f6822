import { z } from 'zod';

/** GET /api/health: 200 with `ok` while the database answers, 503 with `unavailable` while it does not. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  db: z.enum(['up', 'down']),
});
