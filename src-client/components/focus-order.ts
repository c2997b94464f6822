const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The controls Tab reaches inside `container`, in document order. */
export function focusables(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert]') && el.checkVisibility({ visibilityProperty: true }),
  );
}

/** Where focus was, with the page's tab order at that moment, so a lost focus can find its neighbours. */
export interface FocusBookmark {
  target: HTMLElement;
  order: HTMLElement[];
  /** The page's main region when the target was inside it: focus then stays in the page. */
  region: HTMLElement | null;
}

export function bookmark(target: HTMLElement): FocusBookmark {
  const main = document.querySelector('main');
  const order = focusables(document);
  // A target outside the tab order (a heading focused by script, a button being disabled) still has a place.
  if (!order.includes(target)) {
    const next = order.findIndex(
      (el) => target.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    order.splice(next < 0 ? order.length : next, 0, target);
  }
  return { target, order, region: main?.contains(target) ? main : null };
}

function usable(el: HTMLElement, region: HTMLElement | null): boolean {
  return (
    el.isConnected &&
    (!region || region.contains(el)) &&
    !el.matches(':disabled') &&
    !el.closest('[inert]') &&
    el.checkVisibility({ visibilityProperty: true })
  );
}

/**
 * The nearest sensible place for focus once the bookmarked control is gone (its row removed, its button
 * hidden or disabled): the control before it in the tab order that is still there, else the one after it, staying in
 * the page's main region when it was there; else that region itself. Null while the target still stands.
 */
export function replacementFor({ target, order, region }: FocusBookmark): HTMLElement | null {
  if (usable(target, null)) return null;
  const at = order.indexOf(target);
  const neighbours = at < 0 ? [] : [...order.slice(0, at).reverse(), ...order.slice(at + 1)];
  return neighbours.find((el) => usable(el, region)) ?? (region?.isConnected ? region : null);
}
