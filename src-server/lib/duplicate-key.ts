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
