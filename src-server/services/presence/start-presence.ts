import type { PresenceChange } from '../../../src-common/schemas/presence';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { MemoryPresenceRegistry } from './memory-registry';
import { PresenceService } from './presence';
import { RedisPresenceRegistry } from './redis-registry';

/**
 * Presence in Redis when processes share it (REDIS_URL), else in this process's memory. A process counts
 * as alive for PRESENCE_TTL_SECONDS after its last heartbeat; dead ones are reaped every half of that,
 * so the users of a process that died read as offline within the TTL and their watchers hear of it
 * within one and a half TTLs (45 s by default).
 */
export async function startPresence(
  config: Pick<Config, 'REDIS_URL' | 'PRESENCE_TTL_SECONDS'>,
  logger: Logger,
  publish: (change: PresenceChange) => void,
): Promise<PresenceService> {
  const ttlMs = config.PRESENCE_TTL_SECONDS * 1000;
  const registry = config.REDIS_URL
    ? await RedisPresenceRegistry.start(config.REDIS_URL, ttlMs, (err) =>
        logger.error({ err }, 'presence redis'),
      )
    : new MemoryPresenceRegistry();
  return new PresenceService(registry, publish, logger, ttlMs / 2);
}
