/**
 * Every link that leaves the site, in one place: the sidebar and the Getting Started page both read it.
 * The community, partner and bot addresses are placeholders until the real invites are issued; change them
 * here and nowhere else.
 */
export interface ExternalLink {
  id: 'partner' | 'officialSite' | 'syncBot' | 'communityChat' | 'feedbackChat' | 'wiki';
  label: string;
  href: string;
  description: string;
}

export const PARTNER_SITE: ExternalLink = {
  id: 'partner',
  label: 'Brighter Shores News',
  href: 'https://brightershoresnews.com',
  description: 'Our partner news site: patch notes, guides and community stories.',
};

export const OFFICIAL_SITE: ExternalLink = {
  id: 'officialSite',
  label: 'Official Game Site',
  href: 'https://www.brightershores.com',
  description: "The game's official website: news, downloads and support.",
};

export const SYNC_BOT: ExternalLink = {
  id: 'syncBot',
  label: 'Add the Sync Bot',
  href: 'https://discord.com/oauth2/authorize?client_id=1300000000000000000&scope=bot%20applications.commands',
  description: 'Invite the market bot to your Discord server to post and check listings from chat.',
};

export const COMMUNITY_CHAT: ExternalLink = {
  id: 'communityChat',
  label: 'Community Discord',
  href: 'https://discord.gg/brightershores-market',
  description: 'Chat with other traders, arrange trades and ask questions.',
};

export const FEEDBACK_CHAT: ExternalLink = {
  id: 'feedbackChat',
  label: 'Bugs & Suggestions Discord',
  href: 'https://discord.gg/brightershores-market-feedback',
  description: 'Report a bug or suggest an improvement to the marketplace.',
};

export const WIKI: ExternalLink = {
  id: 'wiki',
  label: 'Brighter Shores Wiki',
  href: 'https://brightershoreswiki.org',
  description: 'The community wiki: items, professions, episodes and quests.',
};

/** The sidebar's order. */
export const SIDEBAR_EXTERNAL_LINKS: readonly ExternalLink[] = [
  PARTNER_SITE,
  OFFICIAL_SITE,
  SYNC_BOT,
  COMMUNITY_CHAT,
  FEEDBACK_CHAT,
  WIKI,
];
