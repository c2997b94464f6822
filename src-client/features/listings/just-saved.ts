import { useLocation } from 'react-router-dom';

/**
 * The post form opens the listing it saved with this navigation state, and the listing's page highlights
 * it briefly: the player sees at once which card they just made.
 */
export const JUST_SAVED_STATE = { justSaved: true } as const;

export function useJustSaved(): boolean {
  const state: unknown = useLocation().state;
  return typeof state === 'object' && state !== null && 'justSaved' in state && state.justSaved === true;
}
