import { EventEmitter } from 'node:events';
import type { mongo } from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { logSlowCommands } from './slow-commands';

function watched(thresholdMs: number) {
  const client = new EventEmitter();
  const warned: unknown[] = [];
  const logger = { warn: (fields: unknown) => warned.push(fields) } as unknown as Logger;
  logSlowCommands(client as unknown as mongo.MongoClient, logger, thresholdMs);
  const run = (requestId: number, command: Record<string, unknown>, duration: number, failed = false) => {
    const commandName = Object.keys(command)[0];
    client.emit('commandStarted', { requestId, commandName, command });
    client.emit(failed ? 'commandFailed' : 'commandSucceeded', { requestId, duration });
  };
  return { run, warned };
}

describe('logSlowCommands', () => {
  it('warns of a command at or over the threshold with its collection and filtered fields, not their values', () => {
    const { run, warned } = watched(100);
    run(1, { find: 'offers', filter: { listingId: 7, status: 'pending' } }, 99);
    run(2, { findAndModify: 'listings', query: { _id: 3, version: 1 } }, 100);
    run(3, { update: 'reputations', updates: [{ q: { _id: 5 } }] }, 250.4, true);
    expect(warned).toEqual([
      { command: 'findAndModify', collection: 'listings', filter: ['_id', 'version'], ms: 100 },
      { command: 'update', collection: 'reputations', filter: ['_id'], ms: 250 },
    ]);
    expect(JSON.stringify(warned)).not.toContain('pending');
  });

  it('a request id used again after its command finished is a new command', () => {
    const { run, warned } = watched(10);
    run(1, { insert: 'trades' }, 5);
    run(1, { insert: 'trades' }, 20);
    run(2, { getMore: 12345, collection: 'listings' }, 30);
    expect(warned).toEqual([
      { command: 'insert', collection: 'trades', filter: undefined, ms: 20 },
      { command: 'getMore', collection: 'listings', filter: undefined, ms: 30 },
    ]);
  });
});
