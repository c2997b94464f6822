import net from 'node:net';
import { createRequire } from 'node:module';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './database-unreachable';

/**
 * patches/mongodb+7.8.0.patch: a command on a connection whose socket closed between check-out and the
 * write used to wait for a 'drain' that never comes (a request hung until its client gave up, seen when
 * the embedded FerretDB was killed under load). It must fail as a network error, answered 503.
 */
const driverModule = createRequire(import.meta.url);
const { Connection } = driverModule('mongodb/lib/cmap/connection') as {
  Connection: new (
    socket: net.Socket,
    options: Record<string, unknown>,
  ) => {
    command(ns: unknown, cmd: object, options?: object): Promise<unknown>;
    closed: boolean;
  };
};
const { MongoDBNamespace } = driverModule('mongodb/lib/utils') as {
  MongoDBNamespace: { fromString(ns: string): unknown };
};

describe('the MongoDB driver on a socket that closed after check-out', () => {
  let server: net.Server;
  let port: number;
  beforeAll(async () => {
    // Takes connections and never answers, like a database that died with them open.
    server = net.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('fails the command at once with a network error instead of waiting for ever', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const connection = new Connection(socket, {
      id: 1,
      generation: 0,
      hostAddress: { toString: () => `127.0.0.1:${port}` },
    });
    socket.destroy();

    const outcome = await Promise.race([
      connection.command(MongoDBNamespace.fromString('market.$cmd'), { ping: 1 }).then(
        () => 'answered',
        (err: unknown) => err,
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000)),
    ]);
    expect(outcome).toBeInstanceOf(mongoose.mongo.MongoNetworkError);
    expect(isDatabaseUnreachable(outcome)).toBe(true);
    expect(connection.closed).toBe(true);
  });
});
