import { lazy, Suspense } from 'react';

/**
 * The presence mark for the cards: its code, and the watching behind it, load after the first paint of
 * the listing browser (which has a size budget), so a card shows its seller's presence a moment later.
 */
const Mark = lazy(() => import('./presence-mark').then((m) => ({ default: m.PresenceMark })));

export function LazyPresenceMark({ userId }: { userId: number }) {
  return (
    <Suspense fallback={null}>
      <Mark userId={userId} />
    </Suspense>
  );
}
