import { useEffect, useRef } from 'react';

/**
 * Calls `callback` once, `ms` after `active` turns true: the pauses on a success message before
 * the page moves on (register 2 s, forgot password 5 s, reset 3 s, link email 6 s).
 */
export function useAfterDelay(active: boolean, ms: number, callback: () => void): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => latest.current(), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
}
