import { useEffect } from 'react';
import { onServerEvent, watchMarketItem } from '../../lib/socket';
import { ensureLiveSync } from '../../lib/live-sync';
import { marketActions } from './market-store';

let bound = false;

/** Routes market:book and market:trade into the market store; bound once, by the first view that watches. */
function ensureMarketSync(): void {
  if (bound) return;
  bound = true;
  onServerEvent('market:book', ({ book }) => marketActions.pushBook(book));
  onServerEvent('market:trade', ({ item, trade }) => marketActions.trade(item, trade));
  ensureLiveSync();
}

/**
 * An item's book for a view: loaded over REST for the first paint, then kept live by watching the item;
 * each (re)join's ack carries the current book, so a reconnect resyncs it.
 */
export function useMarketItem(item: string | null): void {
  useEffect(() => {
    if (!item) return;
    void marketActions.loadBook(item);
    ensureMarketSync();
    return watchMarketItem(item, (ack) => {
      if (ack.ok) marketActions.pushBook(ack.book);
      else marketActions.markMissing(item);
    });
  }, [item]);
}
