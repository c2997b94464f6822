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

let lastKey: string | null = null;
let previousUrl: string | null = null;

/**
 * Records one pageview per navigation. `key` identifies the navigation (react-router's location key), so a
 * second call for the same one (React's development double effects) sends nothing.
 */
export function trackPageview(key: string, path: string, title: string): void {
  if (key === lastKey) return;
  lastKey = key;
  const event: PageviewEvent = {
    type: 'pageview',
    path,
    title,
    referrer: previousUrl ?? document.referrer,
    at: new Date().toISOString(),
  };
  previousUrl = location.origin + path;
  void analyticsEndpoint().then((url) => {
    if (url) send(url, event);
  });
}
