import type { CatalogueItem } from '../../../src-common/catalogue';
import { seededRandom } from './browse-queries';
import { summarise } from './stats';

const writeRandom = seededRandom(7);

/** Posts one listing of a random non-combat item through the API; resolves to the status (0: no answer). */
export async function postOne(base: string, token: string, items: CatalogueItem[]): Promise<number> {
  const random = writeRandom;
  const item = items[Math.floor(random() * items.length)];
  const res = await fetch(`${base}/api/listings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      item: item.Items,
      type: random() < 0.5 ? 'buy' : 'sell',
      quantity: 1 + Math.floor(random() * 20),
      silver: 1 + Math.floor(random() * 900),
      priceMode: 'Each',
      notes: random() < 0.5 ? 'fresh stack' : 'cheap, fast trade',
    }),
  }).catch(() => null);
  await res?.arrayBuffer();
  return res?.status ?? 0;
}

/** Posts listings at a steady rate (open loop: a slow answer does not delay the next post). */
export function postListings(base: string, tokens: string[], items: CatalogueItem[], perSecond: number) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const post = async () => {
    const started = performance.now();
    const status = await postOne(base, tokens[sent++ % tokens.length], items);
    latencies.push(performance.now() - started);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  };
  // Each post falls due on a fixed schedule from the start (one at once, then one every 1/perSecond s),
  // and any that a busy moment delayed go out together: a timer repeating its interval would drift late.
  const began = performance.now();
  let timer: NodeJS.Timeout;
  const tick = () => {
    const due = Math.floor(((performance.now() - began) * perSecond) / 1000) + 1;
    while (sent < due) {
      const p = post().finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    timer = setTimeout(tick, began + (due * 1000) / perSecond - performance.now());
  };
  tick();
  return async () => {
    clearTimeout(timer);
    await Promise.all(inFlight);
    return { sent, accepted: statuses.get(201) ?? 0, statuses, latency: summarise(latencies) };
  };
}
