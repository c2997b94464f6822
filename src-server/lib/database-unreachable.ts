import mongoose from 'mongoose';

const { mongo } = mongoose;

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
    err instanceof mongo.MongoNotConnectedError
  );
}
