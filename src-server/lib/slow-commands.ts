import type { mongo } from 'mongoose';
import type { Logger } from '../logger';

/** What a slow command's log line says of it: the command, its collection and the fields it filtered on. */
interface Started {
  command: string;
  collection: unknown;
  filter?: string[];
}

const filterOf = (event: mongo.CommandStartedEvent) => {
  const body = event.command;
  const filter = body.filter ?? body.query ?? body.q ?? body.updates?.[0]?.q ?? body.deletes?.[0]?.q;
  return filter && typeof filter === 'object' ? Object.keys(filter) : undefined;
};

/**
 * Logs every database command that took `thresholdMs` or longer (DB_SLOW_MS), as a warning with its
 * duration, collection and the names of the fields it filtered on (never their values, which may be
 * personal). On the embedded FerretDB a query its planner cannot answer from an index scans the whole
 * collection; this is how such a query shows itself. The client must be created with
 * `monitorCommands: true`.
 */
export function logSlowCommands(client: mongo.MongoClient, logger: Logger, thresholdMs: number): void {
  const started = new Map<number, Started>();
  client.on('commandStarted', (event) => {
    started.set(event.requestId, {
      command: event.commandName,
      // A getMore names its cursor first and its collection after.
      collection:
        event.commandName === 'getMore' ? event.command.collection : event.command[event.commandName],
      filter: filterOf(event),
    });
  });
  const finished = (event: mongo.CommandSucceededEvent | mongo.CommandFailedEvent) => {
    const command = started.get(event.requestId);
    started.delete(event.requestId);
    if (command && event.duration >= thresholdMs)
      logger.warn({ ...command, ms: Math.round(event.duration) }, 'slow database command');
  };
  client.on('commandSucceeded', finished);
  client.on('commandFailed', finished);
}
