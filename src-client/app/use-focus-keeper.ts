import { useEffect, useRef } from 'react';
import { takeHeadingRequest } from '../components/focus-after-reload';
import { bookmark, replacementFor, type FocusBookmark } from '../components/focus-order';
import { ARRIVAL_FOCUS_ATTRIBUTE } from '../lib/arrival-focus';

/**
 * Where focus goes on arriving at a page: what the page marked with ARRIVAL_FOCUS_ATTRIBUTE, else its main
 * heading (a visible one first), made focusable by script only.
 */
function pageHeading(): HTMLElement | null {
  const marked = document.querySelector<HTMLElement>(`main [${ARRIVAL_FOCUS_ATTRIBUTE}]`);
  if (marked) return marked;
  const headings = [...document.querySelectorAll<HTMLElement>('main h1')];
  const heading = headings.find((h) => h.checkVisibility()) ?? headings[0];
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading ?? null;
}

/**
 * Keeps keyboard focus somewhere useful, for every page at once (without scrolling: the router's scroll
 * restoration decides where a page is shown):
 * - after an in-app route change, focus moves to the new page's h1 (once it has rendered), so the next
 *   Tab continues in the page instead of restarting at "Skip to content";
 * - when the focused control is removed or disabled (the last "Show More", a row deleted, a form closed
 *   or busy), focus moves to its nearest neighbour instead of falling to <body>.
 * The first page load (and its redirects) leaves focus alone, unless it follows a login's reload
 * (reloadToHeading), which lands on the heading like a route change.
 */
export function useFocusKeeper(pathname: string): void {
  /** Whether anything has had focus yet: before that, a route change is the first load's redirect. */
  const focusedYet = useRef(false);
  const routeChanged = useRef(false);

  useEffect(() => {
    if (takeHeadingRequest()) {
      focusedYet.current = true;
      routeChanged.current = true;
      pageHeading()?.focus();
    }
    let last: FocusBookmark | null = null;
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement)) return;
      last = bookmark(event.target);
      focusedYet.current = true;
      // The reader moved on by themselves (or the heading got focus): no heading to wait for any more.
      if (event.target.tagName !== 'MAIN') routeChanged.current = false;
    };
    const observer = new MutationObserver(() => {
      if (routeChanged.current) {
        pageHeading()?.focus({ preventScroll: true });
        if (routeChanged.current) return;
      }
      if (document.activeElement !== document.body || !last) return;
      replacementFor(last)?.focus();
    });
    document.addEventListener('focusin', onFocusIn);
    // A submit button disabled while its form is busy also drops focus to <body>.
    observer.observe(document.body, { childList: true, subtree: true, attributeFilter: ['disabled'] });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    if (!focusedYet.current) return;
    routeChanged.current = true;
    pageHeading()?.focus({ preventScroll: true });
  }, [pathname]);
}
