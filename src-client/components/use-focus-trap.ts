import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements marked with this attribute stay live while a trap is open (the toast region announces through it). */
export const KEEP_LIVE_ATTRIBUTE = 'data-keep-live';

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert]') && el.checkVisibility({ visibilityProperty: true }),
  );
}

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
  /** Where focus goes on close when the element that had it is gone. */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/**
 * While `active`: focus moves into the container, Tab and Shift+Tab cycle inside it, Escape calls
 * onEscape, and the rest of the page is inert. On deactivation focus returns to whatever had it.
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
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
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
      const target = previous?.isConnected && previous.checkVisibility() ? previous : fallback;
      target?.focus();
    };
  }, [active, containerRef, initialFocus, fallbackFocus]);
}
