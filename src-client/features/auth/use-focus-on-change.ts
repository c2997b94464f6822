import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves focus to the first control inside `container` whenever `key` changes (not on mount). When a flow
 * swaps its content (login -> forgot password), the focused button disappears; without this, focus would
 * drop to <body> and keyboard users, and Escape in a dialog, would lose their place.
 */
export function useFocusOnChange(container: RefObject<HTMLElement | null>, key: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    container.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [container, key]);
}
