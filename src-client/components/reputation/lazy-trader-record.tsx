import { lazy, Suspense } from 'react';

/**
 * The trader's record for the listing cards: its code (and the shared schema it reads) loads after the
 * first paint of the listing browser, which has a size budget, so a card shows it a moment later.
 */
const Record = lazy(() => import('./trader-record').then((m) => ({ default: m.TraderRecord })));

export function LazyTraderRecord({ userId, ownLine }: { userId: number; ownLine?: boolean }) {
  return (
    <Suspense fallback={null}>
      <Record userId={userId} ownLine={ownLine} />
    </Suspense>
  );
}
