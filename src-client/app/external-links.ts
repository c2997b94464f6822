import type { ClientConfig, ExternalLinkId } from '../../src-common/schemas/client-config';
import { useClientConfig } from '../lib/client-config';

/**
 * Every link that leaves the site, in one place: the sidebar and the Getting Started page both read it.
 * The words live here; the addresses come from the server's configuration (GET /api/client-config), and a
 * link the server has no address for is not shown.
 */
export interface ExternalLink {
  id: ExternalLinkId;
  label: string;
  href: string;
  description: string;
}

const LINK_TEXT: Record<ExternalLinkId, Omit<ExternalLink, 'id' | 'href'>> = {
  partner: {
    label: 'Brighter Shores News',
    description: 'Our partner news site: patch notes, guides and community stories.',
  },
  officialSite: {
    label: 'Official Game Site',
    description: "The game's official website: news, downloads and support.",
  },
  syncBot: {
    label: 'Add the Sync Bot',
    description: 'Invite the market bot to your Discord server to post and check listings from chat.',
  },
  communityChat: {
    label: 'Community Discord',
    description: 'Chat with other traders, arrange trades and ask questions.',
  },
  feedbackChat: {
    label: 'Bugs & Suggestions Discord',
    description: 'Report a bug or suggest an improvement to the marketplace.',
  },
  wiki: {
    label: 'Brighter Shores Wiki',
    description: 'The community wiki: items, professions, episodes and quests.',
  },
};

/** The sidebar's order. */
export const SIDEBAR_LINK_IDS: readonly ExternalLinkId[] = [
  'partner',
  'officialSite',
  'syncBot',
  'communityChat',
  'feedbackChat',
  'wiki',
];

/** The links among `ids` that the server gives an address for, in that order; none before it answers. */
export function configuredLinks(config: ClientConfig | null, ids: readonly ExternalLinkId[]): ExternalLink[] {
  if (!config) return [];
  return ids.flatMap((id) => {
    const href = config.externalLinks[id];
    return href ? [{ id, href, ...LINK_TEXT[id] }] : [];
  });
}

/** The configured links among `ids`, for a component. */
export function useExternalLinks(ids: readonly ExternalLinkId[]): ExternalLink[] {
  return configuredLinks(useClientConfig(), ids);
}
