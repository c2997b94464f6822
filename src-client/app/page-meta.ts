import { useEffect } from 'react';
import { create } from 'zustand';

export const SITE_NAME = 'Brighter Shores Market';

export interface PageMeta {
  title: string;
  description: string;
}

const DEFAULT_META: PageMeta = {
  title: 'All Listings',
  description: 'Buy and sell Brighter Shores items with other players, live.',
};

/** Title and description per route family, keyed by the first path segment. */
const FAMILY_META: Record<string, PageMeta> = {
  alllistings: DEFAULT_META,
  listing: { title: 'Listing', description: 'A Brighter Shores item listing and the offers made on it.' },
  item: {
    title: 'Item Market',
    description: 'Live prices, order book and price history of a Brighter Shores item.',
  },
  market: {
    title: 'Market',
    description: 'The most traded Brighter Shores items, the biggest price movers and the newest listed.',
  },
  profile: { title: 'Trader Profile', description: "A Brighter Shores trader's listings and trading stats." },
  gettingstarted: {
    title: 'Getting Started',
    description: 'How to browse, post and manage Brighter Shores item listings in five steps.',
  },
  guides: {
    title: 'Build a Bot',
    description:
      'Build a Brighter Shores Market bot in TypeScript or Python: a personal token, a generated API client, live events and an offer.',
  },
  register: {
    title: 'Create Account',
    description: 'Create a Brighter Shores Market account to start trading.',
  },
  login: { title: 'Sign In', description: 'Sign in to Brighter Shores Market with Discord or email.' },
  post: { title: 'Post Listing', description: 'Post a buy or sell listing for a Brighter Shores item.' },
  myprofile: { title: 'My Profile', description: 'Your listings, trading stats and account settings.' },
  adminpanel: { title: 'Admin Panel', description: 'Manage admins and listings.' },
  'auth-success': { title: 'Logging In', description: 'Finishing your sign-in.' },
  'reset-password': { title: 'Reset Password', description: 'Choose a new password for your account.' },
  'verify-email': { title: 'Verify Email', description: 'Confirming your email address.' },
  test: { title: 'Test', description: 'A placeholder test page.' },
};

export function metaForPath(pathname: string): PageMeta {
  const family = pathname.split('/')[1] ?? '';
  return FAMILY_META[family] ?? DEFAULT_META;
}

export function fullTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

function setMetaContent(selector: string, content: string): void {
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute('content', content);
}

function applyMeta({ title, description }: PageMeta): void {
  document.title = fullTitle(title);
  setMetaContent('meta[name="description"]', description);
  setMetaContent('meta[property="og:title"]', document.title);
  setMetaContent('meta[property="og:description"]', description);
}

/** What a page asked for through usePageTitle; it beats the route family's meta while the page is mounted. */
const usePageOverride = create<{ meta: PageMeta | null }>(() => ({ meta: null }));

/**
 * Gives the current page its own title (and description) while it is mounted, e.g. a listing's item and
 * price. Pass null while the data is loading to keep the route family's title.
 */
export function usePageTitle(title: string | null | undefined, description?: string): void {
  useEffect(() => {
    if (!title) return;
    usePageOverride.setState({
      meta: { title, description: description ?? metaForPath(location.pathname).description },
    });
    return () => usePageOverride.setState({ meta: null });
  }, [title, description]);
}

/** The shell's half: applies the page's own meta or its route family's on every change. */
export function useRouteMeta(pathname: string): void {
  const override = usePageOverride((s) => s.meta);
  useEffect(() => {
    // Read fresh rather than from this render: a page leaving clears its override in the same commit, and
    // the next route must not inherit its title (the pageview sent right after reads document.title).
    applyMeta(usePageOverride.getState().meta ?? metaForPath(pathname));
  }, [pathname, override]);
}
