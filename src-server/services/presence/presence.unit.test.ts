import { afterEach, describe, expect, it } from 'vitest';
import type { PresenceChange } from '../../../src-common/presence';
import type { Logger } from '../../logger';
import { MemoryPresenceRegistry } from './memory-registry';
import { PresenceService } from './presence';

const logger = { error: () => undefined } as unknown as Logger;
const services: PresenceService[] = [];

/** A service whose users are all known from published changes: it never needs the database here. */
function service() {
  const registry = new MemoryPresenceRegistry();
  const announced: PresenceChange[] = [];
  const presence = new PresenceService(registry, (c) => announced.push(c), logger, 60_000);
  services.push(presence);
  return { registry, presence, announced };
}

afterEach(async () => {
  for (const presence of services.splice(0)) await presence.close();
});

describe('PresenceService: what it answers for users it has heard of', () => {
  it('online while the registry holds a socket, else last seen as last published', async () => {
    const { registry, presence } = service();
    presence.learn({ userId: 1, online: false, lastSeen: '2026-11-23T20:00:00.000Z' });
    presence.learn({ userId: 2, online: true, lastSeen: null });
    await registry.connect(2);
    expect(await presence.read([1, 2])).toEqual({
      1: { online: false, lastSeen: '2026-11-23T20:00:00.000Z' },
      2: { online: true, lastSeen: null },
    });
  });

  it('a hidden user reads as offline with no last-seen time, even while connected', async () => {
    const { registry, presence } = service();
    presence.learn({ userId: 3, online: false, lastSeen: '2026-11-23T20:00:00.000Z' });
    presence.learn({ userId: 3, online: false, lastSeen: null });
    await registry.connect(3);
    expect(await presence.read([3])).toEqual({ 3: { online: false, lastSeen: null } });
  });

  it('coming online keeps the last-seen time for when they leave; a later offline replaces it', async () => {
    const { presence } = service();
    presence.learn({ userId: 4, online: false, lastSeen: '2026-11-23T20:00:00.000Z' });
    presence.learn({ userId: 4, online: true, lastSeen: null });
    expect(await presence.read([4])).toEqual({ 4: { online: false, lastSeen: '2026-11-23T20:00:00.000Z' } });
    presence.learn({ userId: 4, online: false, lastSeen: '2026-11-23T21:00:00.000Z' });
    expect(await presence.read([4])).toEqual({ 4: { online: false, lastSeen: '2026-11-23T21:00:00.000Z' } });
  });

  it('turning the setting off is announced at once as offline with no last-seen time', async () => {
    const { presence, announced } = service();
    await presence.visibilityChanged(5, false);
    expect(announced).toEqual([{ userId: 5, online: false, lastSeen: null }]);
    expect(await presence.read([5])).toEqual({ 5: { online: false, lastSeen: null } });
  });
});
