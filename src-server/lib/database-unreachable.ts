import mongoose from 'mongoose';

const { mongo } = mongoose;

/**
 * The driver (mongodb 7) wraps most connection failures in MongoNetworkError, but when a command's
 * write waits for 'drain' on a connection the server has just closed, it rethrows the socket's own
 * error as is ("This socket has been ended by the other party", EPIPE).
 */
const SOCKET_CLOSED_CODES = new Set(['EPIPE', 'ECONNRESET']);

/**
 * Errors saying the database could not be reached (it is down, restarting or failing over) rather
 * than that the operation was wrong: a refused or dropped connection, or no server selectable within
 * the connection's server selection timeout.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  return (
    err instanceof mongo.MongoNetworkError ||
    err instanceof mongo.MongoServerSelectionError ||
    err instanceof mongoose.Error.MongooseServerSelectionError ||
    err instanceof mongo.MongoTopologyClosedError ||
    err instanceof mongo.MongoNotConnectedError ||
    (err instanceof Error &&
      !(err instanceof mongo.MongoError) &&
      SOCKET_CLOSED_CODES.has((err as NodeJS.ErrnoException).code ?? ''))
  );
}
