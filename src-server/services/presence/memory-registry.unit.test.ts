import { describe, expect, it } from 'vitest';
import { MemoryPresenceRegistry } from './memory-registry';

describe('MemoryPresenceRegistry', () => {
  it('reports only the first socket of a user as coming online and only the last as going offline', async () => {
    const registry = new MemoryPresenceRegistry();
    expect(await registry.connect(1)).toBe(true);
    expect(await registry.connect(1)).toBe(false);
    expect(await registry.onlineAmong([1, 2])).toEqual(new Set([1]));
    expect(await registry.disconnect(1)).toBe(false);
    expect(await registry.allOnline()).toEqual([1]);
    expect(await registry.disconnect(1)).toBe(true);
    expect(await registry.onlineAmong([1])).toEqual(new Set());
  });

  it('a disconnect of a user it never counted changes nothing', async () => {
    const registry = new MemoryPresenceRegistry();
    expect(await registry.disconnect(3)).toBe(false);
    expect(await registry.connect(3)).toBe(true);
  });
});
