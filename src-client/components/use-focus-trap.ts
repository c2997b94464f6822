import { useEffect, useRef, type RefObject } from 'react';
import { bookmark, focusables, replacementFor } from './focus-order';

/** Elements marked with this attribute stay live while a trap is open (the toast region announces through it). */
export const KEEP_LIVE_ATTRIBUTE = 'data-keep-live';

/**
 * Makes everything outside `container` inert, walking up to <body>, and returns an undo. Only elements
 * this call changed are restored, so traps can nest (the login popup opened from the sidebar).
 */
function inertOutside(container: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (let node: HTMLElement | null = container; node && node !== document.body; node = node.parentElement) {
    const parent: HTMLElement | null = node.parentElement;
    if (!parent) break;
    for (const sibling of parent.children) {
      if (!(sibling instanceof HTMLElement) || sibling === node || sibling.inert) continue;
      if (sibling.hasAttribute(KEEP_LIVE_ATTRIBUTE) || sibling.tagName === 'SCRIPT') continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return () => changed.forEach((el) => (el.inert = false));
}

interface FocusTrapOptions {
  onEscape(): void;
  /** Where focus goes on open; else the first focusable element, else the container. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close when the element that had it is gone (else to that element's neighbour). */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/**
 * While `active`: focus moves into the container, Tab and Shift+Tab cycle inside it, Escape calls
 * onEscape, and the rest of the page is inert. On deactivation focus returns to whatever had it, or, when
 * that is gone, to `fallbackFocus` or its nearest neighbour.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  active: boolean,
  { onEscape, initialFocus, fallbackFocus }: FocusTrapOptions,
): void {
  // The latest callback, read at key time, so the trap itself never re-runs (and steals focus) on re-render.
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;
    const opener = document.activeElement;
    const previous = opener instanceof HTMLElement && opener !== document.body ? bookmark(opener) : null;
    const fallback = fallbackFocus?.current;
    const undoInert = inertOutside(container);
    (initialFocus?.current ?? focusables(container)[0] ?? container).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(container);
      if (items.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const current = document.activeElement;
      if (event.shiftKey && (current === first || current === container)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && current === last) {
        event.preventDefault();
        first.focus();
      }
    };
    container.addEventListener('keydown', onKeyDown);
    return () => {
      container.removeEventListener('keydown', onKeyDown);
      undoInert();
      // Back where it was; if that control went meanwhile (the offer it acted on is gone), to the given
      // fallback or else to its nearest neighbour, never to <body>.
      const lost = previous && replacementFor(previous);
      const target = !previous ? fallback : lost === null ? previous.target : (fallback ?? lost);
      target?.focus();
    };
  }, [active, containerRef, initialFocus, fallbackFocus]);
}
