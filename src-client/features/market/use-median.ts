import { useEffect, useState } from 'react';
import { marketApi } from './market-api';
import { selectItemMarket, useMarket } from './market-store';

/**
 * The item's 7-day median price each (no item: none asked): undefined until known, null without trades in
 * those days. Asked again after each trade the item's book shows (the view keeps it live with useMarketItem).
 */
export function useMedian7d(item: string | null): number | null | undefined {
  const lastTradeAt = useMarket((s) =>
    item === null ? undefined : selectItemMarket(item)(s).book?.lastTrade?.at,
  );
  const [median, setMedian] = useState<{ item: string; value: number | null } | null>(null);
  useEffect(() => {
    if (item === null) return;
    let current = true;
    marketApi.prices([item]).then(
      ({ items }) => current && setMedian({ item, value: items[item]?.median7d ?? null }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [item, lastTradeAt]);
  return item !== null && median?.item === item ? median.value : undefined;
}
