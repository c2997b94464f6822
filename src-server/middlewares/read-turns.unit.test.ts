import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { readTurns } from './read-turns';

const request = (method: string) => ({ method }) as Context;

describe('readTurns', () => {
  it('answers reads a few per turn of the event loop, in order, letting I/O through in between', async () => {
    const middleware = readTurns();
    const events: string[] = [];
    const reads = Array.from({ length: 20 }, (_, i) =>
      middleware(request('GET'), async () => {
        events.push(`read ${i}`);
      }),
    );
    // Stands for a database reply that arrives meanwhile: it must not wait for every read.
    setImmediate(() => setImmediate(() => events.push('reply')));
    await Promise.all(reads);
    expect(events.filter((e) => e.startsWith('read'))).toEqual(reads.map((_, i) => `read ${i}`));
    const reply = events.indexOf('reply');
    expect(reply).toBeGreaterThan(0);
    expect(reply).toBeLessThan(events.length - 1);
  });

  it('lets writes through at once', async () => {
    const middleware = readTurns();
    let ran = false;
    const write = middleware(request('POST'), async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    await write;
  });
});
