import { z } from 'zod';

/** GET /api/client-config: the public settings the browser needs before it can do some work. */
export const clientConfigSchema = z.object({
  /** Where pageview events are POSTed; null turns analytics off. */
  analyticsUrl: z.string().url().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
