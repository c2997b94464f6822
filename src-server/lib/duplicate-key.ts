/**
 * A unique index refused a write. MongoDB reports code 11000 (with the offending `keyValue`); FerretDB's
 * SQLite backend does too when it notices itself, but when two inserts race it can pass SQLite's own
 * error through instead: `UNIQUE constraint failed: <table>.<column> (2067)`, with no code 11000.
 */
export interface DuplicateKeyError {
  keyValue?: object;
  keyPattern?: object;
  message?: string;
}

const SQLITE_UNIQUE = /UNIQUE constraint failed.*\(2067\)/;

export function isDuplicateKeyError(err: unknown): err is DuplicateKeyError {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return code === 11000 || (typeof message === 'string' && SQLITE_UNIQUE.test(message));
}

/**
 * The field a duplicate is about, where the error tells: MongoDB's `keyValue`/`keyPattern`, or the index
 * named in SQLite's message (Mongoose names an index `<field>_1`). FerretDB's own E11000 names neither.
 */
export function duplicateKeyField(err: DuplicateKeyError): string | undefined {
  const key = Object.keys(err.keyValue ?? err.keyPattern ?? {})[0];
  if (key) return key;
  return err.message?.match(/UNIQUE constraint failed: index '[^']*?([A-Za-z][A-Za-z0-9]*)_-?1'/)?.[1];
}
