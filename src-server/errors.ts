import { ErrorCode, type ErrorBody } from '../src-common/errors';
import { BLOCKED_MESSAGE } from '../src-common/schemas/block';

/** An error meant for the client: its message is shown as is. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly extra: Partial<ErrorBody> = {},
    /** Response headers that go with the error (`Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { error: this.message, code: this.code, ...this.extra };
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, ErrorCode.VALIDATION, message, field ? { field } : {});
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, ErrorCode.UNAUTHORIZED, message);
export const tokenExpired = () =>
  new AppError(401, ErrorCode.TOKEN_EXPIRED, 'Your session has expired. Please log in again.');
export const forbidden = (message = 'You are not allowed to do that') =>
  new AppError(403, ErrorCode.FORBIDDEN, message);
/** One of two players blocked the other; the message does not say which (the blocked one is not told). */
export const blocked = () => new AppError(403, ErrorCode.BLOCKED, BLOCKED_MESSAGE);
/** A personal access token used where its scopes do not reach (or for an account change). */
export const tokenScope = (message: string) => new AppError(403, ErrorCode.TOKEN_SCOPE, message);
/** `notFound('listing')` reads "Listing not found". */
export const notFound = (what: string) =>
  new AppError(404, ErrorCode.NOT_FOUND, `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`);
export const conflict = (message: string, field?: string) =>
  new AppError(409, ErrorCode.CONFLICT, message, field ? { field } : {});
export const rateLimited = (message = 'Too many attempts. Please wait a moment and try again.') =>
  new AppError(429, ErrorCode.RATE_LIMITED, message);
/** The path exists, but not for this method; `allow` lists those it takes (sent as `Allow`). */
export const methodNotAllowed = (method: string, allow: string) =>
  new AppError(
    405,
    ErrorCode.METHOD_NOT_ALLOWED,
    `${method} is not allowed here. Allowed: ${allow}`,
    {},
    { Allow: allow },
  );
export const unsupportedMediaType = (
  message = 'The request body must be JSON (Content-Type: application/json)',
) => new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, message);
/** A state-dependent write waited longer than the lock bound for another write on the same record. */
export const dbBusy = (retryAfterSeconds: number) =>
  new AppError(
    503,
    ErrorCode.DB_BUSY,
    'The marketplace is busy with another change to the same thing. Please try again in a moment.',
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );
/** The database cannot be reached (it is down, restarting or failing over). */
export const dbUnavailable = (retryAfterSeconds = 1) =>
  new AppError(
    503,
    ErrorCode.DB_UNAVAILABLE,
    'The marketplace cannot reach its database right now. Please try again in a moment.',
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );
