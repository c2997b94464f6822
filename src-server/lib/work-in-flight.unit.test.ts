import { describe, expect, it } from 'vitest';
import { WorkInFlight } from './work-in-flight';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
};

describe('WorkInFlight', () => {
  it('settles once every tracked run has, those tracked meanwhile included, failures too', async () => {
    const work = new WorkInFlight();
    const first = deferred();
    const second = deferred();
    void work.track(first.promise).catch(() => undefined);
    let settled = false;
    const done = work.settled().then(() => (settled = true));
    void work.track(second.promise);
    first.reject(new Error('failed'));
    // Every promise callback the rejection set off has run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    second.resolve();
    await done;
    expect(settled).toBe(true);
  });

  it('gives back the promise it tracks, and settles at once with nothing under way', async () => {
    const work = new WorkInFlight();
    const run = Promise.resolve(7);
    expect(work.track(run)).toBe(run);
    await run;
    await expect(work.settled()).resolves.toBeUndefined();
  });
});
