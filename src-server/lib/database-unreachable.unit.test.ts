import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './database-unreachable';

const { mongo } = mongoose;

function socketError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnreachable', () => {
  it('recognises the driver saying the database cannot be reached', () => {
    expect(isDatabaseUnreachable(new mongo.MongoNetworkError('connect ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnreachable(new mongo.MongoNetworkTimeoutError('timed out'))).toBe(true);
    expect(isDatabaseUnreachable(new mongo.MongoNotConnectedError('not connected'))).toBe(true);
    expect(isDatabaseUnreachable(new mongo.MongoTopologyClosedError())).toBe(true);
  });

  it('recognises the socket error the driver rethrows unwrapped after the server closed', () => {
    expect(isDatabaseUnreachable(socketError('EPIPE', 'This socket has been ended by the other party'))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(socketError('ECONNRESET', 'read ECONNRESET'))).toBe(true);
  });

  it('leaves errors about the operation itself alone', () => {
    expect(isDatabaseUnreachable(new mongo.MongoServerError({ code: 11000, errmsg: 'duplicate key' }))).toBe(
      false,
    );
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnreachable(socketError('ENOENT', 'no such file'))).toBe(false);
    expect(isDatabaseUnreachable('EPIPE')).toBe(false);
  });
});
