import { loadClientConfig } from './client-config';

export interface PageviewEvent {
  type: 'pageview';
  path: string;
  title: string;
  referrer: string;
  /** ISO time the page was shown. */
  at: string;
}

/** A failed settings request means no analytics rather than an error for the visitor. */
function analyticsEndpoint(): Promise<string | null> {
  return loadClientConfig().then((config) => config?.analyticsUrl ?? null);
}

function send(url: string, event: PageviewEvent): void {
  // keepalive lets the request finish even when the visitor is already leaving the page.
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(event),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

/** Query parameters that carry a credential in some flow: login tickets, mailed links, OAuth's code and state. */
const SECRET_PARAMS = ['ticket', 'token', 'code', 'state'];
/** Pages and calls whose whole query is about logging in. */
const AUTH_PATHS = ['/auth-success', '/reset-password', '/verify-email', '/api/auth/'];

/** `url` without its fragment and without anything that could be a credential; '' when it is no URL. */
export function redactUrl(raw: string): string {
  if (!raw) return '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return '';
  }
  url.hash = '';
  if (AUTH_PATHS.some((path) => url.pathname.startsWith(path))) url.search = '';
  else for (const key of SECRET_PARAMS) url.searchParams.delete(key);
  return url.href;
}

let lastPath: string | null = null;

/**
 * Records one pageview per route change. Only the pathname is sent, and the referrer goes through
 * redactUrl: query strings can carry secrets (/auth-success?ticket=..., /reset-password?token=...) that
 * must never reach a third party. A repeat of the same path (React's development double effects, a click
 * on the current page's link) sends nothing.
 */
export function trackPageview(path: string, title: string): void {
  if (path === lastPath) return;
  const referrer = lastPath === null ? redactUrl(document.referrer) : location.origin + lastPath;
  lastPath = path;
  const event: PageviewEvent = {
    type: 'pageview',
    path,
    title,
    referrer,
    at: new Date().toISOString(),
  };
  void analyticsEndpoint().then((url) => {
    if (url) send(url, event);
  });
}
