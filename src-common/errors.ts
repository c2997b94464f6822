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
  /** The account is suspended by an admin: login refused, with `reason` and `until` in the body. */
  ACCOUNT_SUSPENDED: 'ACCOUNT_SUSPENDED',
  /** A write waited too long for another write on the same record; retry after `Retry-After` seconds. */
  DB_BUSY: 'DB_BUSY',
  /** The database cannot be reached right now (restarting, failing over); retry after `Retry-After` seconds. */
  DB_UNAVAILABLE: 'DB_UNAVAILABLE',
  /** The path exists but not for this method; the `Allow` header lists the methods it takes. */
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  /** A route that reads a JSON body was sent another type (`Content-Type` other than `application/json`). */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** Discord refused a webhook's post or did not answer (the message says which). */
  WEBHOOK_FAILED: 'WEBHOOK_FAILED',
  /** The verification or reset mail could not be sent, so nothing was changed; try again in a few minutes. */
  MAIL_FAILED: 'MAIL_FAILED',
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
  /** A suspended account's login: why, and when the suspension ends (ISO date; null: permanent). */
  reason?: string;
  until?: string | null;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).error === 'string';
}
