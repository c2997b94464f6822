import type { ClientConfig } from '../../src-common/schemas/client-config';

/** A GET /api/client-config answer: nothing configured, except what `externalLinks` gives. */
export const clientConfig = (externalLinks: Partial<ClientConfig['externalLinks']> = {}): ClientConfig => ({
  analyticsUrl: null,
  discordLogin: false,
  externalLinks: {
    partner: null,
    officialSite: null,
    syncBot: null,
    communityChat: null,
    feedbackChat: null,
    wiki: null,
    ...externalLinks,
  },
});
