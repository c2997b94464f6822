import { liftExpiredSuspensions, type SuspensionDeps } from './suspensions';

/** How often expired suspensions are looked for: a suspension ends at most this long after its end date. */
export const SUSPENSION_SWEEP_EVERY_MS = 60_000;

/**
 * Lifts the suspensions whose end date passed, now (those that ended while the server was down) and then
 * every `everyMs`. Every process may run it: each lift is a conditional write that one of them wins
 * (services/moderation/suspensions.ts). Returns the stop, which waits for a sweep under way.
 */
export function startSuspensionSweep(
  deps: SuspensionDeps,
  everyMs = SUSPENSION_SWEEP_EVERY_MS,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= liftExpiredSuspensions(deps)
      .then(
        (lifted) => {
          if (lifted) deps.logger.info({ lifted }, 'expired suspensions lifted');
        },
        (err: unknown) => deps.logger.error({ err }, 'lifting expired suspensions failed'),
      )
      .finally(() => (running = null));
  };
  sweep();
  const timer = setInterval(sweep, everyMs).unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
