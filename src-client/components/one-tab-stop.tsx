import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';

const FOCUSABLE = 'a[href], button:not(:disabled)';

/** The id of the one hint that every one-stop container's first control is described by. */
export const ARROW_KEYS_HINT_ID = 'arrow-keys-hint';

/** Rendered once by the shell: hidden from view and from reading in order, read as a description. */
export function ArrowKeysHint() {
  return (
    <span id={ARROW_KEYS_HINT_ID} hidden>
      Left and right arrow keys reach its other links and actions.
    </span>
  );
}

/**
 * One Tab stop for a container of several links and buttons (a listing card, a listing row): its first
 * control. The others leave the Tab order and are reached with the arrow keys (Left and Right, wrapping,
 * Home and End for the first and last), so a keyboard user passes a list of them one press per item.
 * The Tab order is set again whenever the container's content changes, which also covers controls that
 * shared components render later (a seller's name, a Report button once the session is known).
 */
export function useOneTabStop<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const container = ref.current;
    if (!container) return;
    const apply = () =>
      container
        .querySelectorAll<HTMLElement>(FOCUSABLE)
        .forEach((control, i) => (control.tabIndex = i === 0 ? 0 : -1));
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  const onKeyDown = (e: KeyboardEvent<T>) => {
    if (!ref.current || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const controls = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const at = controls.indexOf(document.activeElement as HTMLElement);
    if (at === -1) return;
    const last = controls.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: at === last ? 0 : at + 1,
      ArrowLeft: at === 0 ? last : at - 1,
      Home: 0,
      End: last,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    controls[next].focus();
  };
  return { ref, onKeyDown };
}
