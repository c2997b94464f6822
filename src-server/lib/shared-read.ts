/**
 * One read per key at a time: callers that ask while it runs share its promise, and the key is free
 * again once it settles (unless a newer read took the key meanwhile, after a cache forgot it).
 */
export function sharedRead<K, V>(reading: Map<K, Promise<V>>, key: K, start: () => Promise<V>): Promise<V> {
  const running = reading.get(key);
  if (running) return running;
  const read: Promise<V> = start().finally(() => {
    if (reading.get(key) === read) reading.delete(key);
  });
  reading.set(key, read);
  return read;
}
