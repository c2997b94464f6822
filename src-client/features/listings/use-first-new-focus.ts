import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * "Show More" asks for the next page; once it is shown, focus moves to the first new result of `list` (its
 * first link or button) rather than staying on the button below them. `shown` is how many results show.
 * Returns what the button calls before asking.
 */
export function useFirstNewFocus(list: RefObject<HTMLElement | null>, shown: number): () => void {
  const waitingFor = useRef<number | null>(null);
  useEffect(() => {
    const index = waitingFor.current;
    if (index === null || shown <= index) return;
    waitingFor.current = null;
    list.current?.children[index]?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [list, shown]);
  return useCallback(() => {
    waitingFor.current = shown;
  }, [shown]);
}
