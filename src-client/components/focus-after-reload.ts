const KEY = 'focus-heading-after-load';

/**
 * Loads `url` afresh (or reloads this page), as a login does so that every part of the app starts again
 * as the new user, and asks the next page to put focus on its main heading, as an in-app route change
 * does, instead of leaving a keyboard user on <body> back at "Skip to content".
 */
export function reloadToHeading(url?: string): void {
  sessionStorage.setItem(KEY, '1');
  if (url) window.location.assign(url);
  else window.location.reload();
}

/** Whether this page load was asked for by reloadToHeading; answers true once. */
export function takeHeadingRequest(): boolean {
  const asked = sessionStorage.getItem(KEY) !== null;
  sessionStorage.removeItem(KEY);
  return asked;
}
