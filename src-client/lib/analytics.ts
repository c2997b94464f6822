import type { ClientConfig } from '../../src-common/schemas/client-config';
import { api } from './api-client';

export interface PageviewEvent {
  type: 'pageview';
  path: string;
  title: string;
  referrer: string;
  /** ISO time the page was shown. */
  at: string;
}

let endpoint: Promise<string | null> | null = null;

/** Asked once per visit; a failure means no analytics rather than an error for the visitor. */
function analyticsEndpoint(): Promise<string | null> {
  endpoint ??= api
    .get<ClientConfig>('/client-config')
    .then((config) => config.analyticsUrl)
    .catch(() => null);
  return endpoint;
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

let lastPath: string | null = null;

/**
 * Records one pageview per route change. Only the pathname is sent: query strings can carry secrets
 * (/auth-success?token=..., /reset-password?token=...) that must never reach a third party. A repeat of the
 * same path (React's development double effects, a click on the current page's link) sends nothing.
 */
export function trackPageview(path: string, title: string): void {
  if (path === lastPath) return;
  const referrer = lastPath === null ? document.referrer : location.origin + lastPath;
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
