import { z } from 'zod';

/** An outbound link's address; null when the server has none, and the link is then hidden. */
const linkUrl = z.string().url().nullable();

/** GET /api/client-config: the public settings the browser needs before it can do some work. */
export const clientConfigSchema = z.object({
  /** Where pageview events are POSTed; null turns analytics off. */
  analyticsUrl: z.string().url().nullable(),
  /** Whether "Continue with Discord" can work on this server. */
  discordLogin: z.boolean(),
  /** The site's outbound links, by id. */
  externalLinks: z.object({
    partner: linkUrl,
    officialSite: linkUrl,
    syncBot: linkUrl,
    communityChat: linkUrl,
    feedbackChat: linkUrl,
    wiki: linkUrl,
  }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
export type ExternalLinkId = keyof ClientConfig['externalLinks'];
