import type { mongo } from 'mongoose';
import type { Logger } from '../logger';

/** What a slow command's log line says of it: the command, its collection and the fields it filtered on. */
function describe(event: mongo.CommandStartedEvent) {
  const body = event.command;
  const filter = body.filter ?? body.query ?? body.q ?? body.updates?.[0]?.q ?? body.deletes?.[0]?.q;
  return {
    command: event.commandName,
    // A getMore names its cursor first and its collection after.
    collection: event.commandName === 'getMore' ? body.collection : body[event.commandName],
    filter: filter && typeof filter === 'object' ? Object.keys(filter) : undefined,
  };
}

/**
 * Logs every database command that took `thresholdMs` or longer (DB_SLOW_MS), as a warning with its
 * duration, collection and the names of the fields it filtered on (never their values, which may be
 * personal). On the embedded FerretDB a query its planner cannot answer from an index scans the whole
 * collection; this is how such a query shows itself. The client must be created with
 * `monitorCommands: true`. Each command's start is only held until it finishes, and described only
 * when it was slow.
 */
export function logSlowCommands(client: mongo.MongoClient, logger: Logger, thresholdMs: number): void {
  const started = new Map<number, mongo.CommandStartedEvent>();
  client.on('commandStarted', (event) => started.set(event.requestId, event));
  const finished = (event: mongo.CommandSucceededEvent | mongo.CommandFailedEvent) => {
    const start = started.get(event.requestId);
    started.delete(event.requestId);
    if (start && event.duration >= thresholdMs)
      logger.warn({ ...describe(start), ms: Math.round(event.duration) }, 'slow database command');
  };
  client.on('commandSucceeded', finished);
  client.on('commandFailed', finished);
}
