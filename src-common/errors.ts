/** Machine-readable codes carried in every error body, next to the human message. */
export const ErrorCode = {
  VALIDATION: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  /** A personal access token asked for something its scopes do not allow, or for an account change. */
  TOKEN_SCOPE: 'TOKEN_SCOPE',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  /** One of the two players blocked the other: they cannot trade (the message never says who). */
  BLOCKED: 'BLOCKED',
  /** A write waited too long for another write on the same record; retry after `Retry-After` seconds. */
  DB_BUSY: 'DB_BUSY',
  /** The database cannot be reached right now (restarting, failing over); retry after `Retry-After` seconds. */
  DB_UNAVAILABLE: 'DB_UNAVAILABLE',
  INTERNAL: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorBody {
  error: string;
  code: ErrorCode | string;
  /** Which input field a validation error is about. */
  field?: string;
  /** Extra context the client may read (login failure carries the email). */
  email?: string;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).error === 'string';
}
