import { ErrorCode, isErrorBody } from '../../src-common/errors';
import { SESSION_ENDED_MESSAGE, useSession } from './session';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';
export const SUSPENDED_SESSION_MESSAGE = 'Your account has been suspended, so you were logged out.';

/** A failed API call: the server's `{ error, code }` turned back into something the UI can show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly field?: string,
    readonly body?: unknown,
    /** Seconds to wait before trying again (a 429's or 503's `Retry-After`). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
  get isNetwork() {
    return this.status === 0;
  }
}

/**
 * A 401 to a player's action (a write, or a read about the session itself) that carried the session's
 * token: the server no longer takes it (expired, ended on another device, the account suspended or
 * gone). The API client has already ended the session here, so the page carries on as a visitor's; the
 * message says why, for the page to show where it shows errors. A background read's 401 leaves the
 * session alone: the page stays as it is, and the player's next action says why.
 */
export class SessionEndedError extends ApiError {
  constructor(cause: ApiError) {
    super(
      cause.status,
      cause.code === ErrorCode.ACCOUNT_SUSPENDED ? SUSPENDED_SESSION_MESSAGE : cause.message,
      cause.code,
      cause.field,
      cause.body,
    );
  }

  /** What a page says: why a suspension ended the session, else the page's own words for an ended session. */
  explain(otherwise: string): string {
    return this.code === ErrorCode.ACCOUNT_SUSPENDED ? this.message : otherwise;
  }
}

/** Logins answer 401 for the credentials they were given, which says nothing of the stored session. */
const isLogin = (path: string) => path === '/auth/login' || path === '/auth/ticket';

interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** A read of who is logged in (the account, the admin check): its 401 ends the session like a write's. */
  aboutSession?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** Every REST call goes through here: bearer token, JSON, typed errors. */
export async function apiRequest<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const token = useSession.getState().token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = isErrorBody(data)
      ? new ApiError(
          response.status,
          data.error,
          String(data.code),
          data.field,
          data,
          Number(response.headers.get('Retry-After')) || undefined,
        )
      : new ApiError(response.status, response.statusText || 'Request failed', 'HTTP_ERROR');
    // Only the token this request showed: a login on another tab meanwhile keeps its new session.
    const endsSession = method !== 'GET' ? !isLogin(path) : options.aboutSession === true;
    if (response.status === 401 && endsSession && token && useSession.getState().token === token) {
      const ended = new SessionEndedError(error);
      useSession.getState().end(ended.explain(SESSION_ENDED_MESSAGE));
      throw ended;
    }
    throw error;
  }
  return { data: data as T, headers: response.headers };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options).then((r) => r.data),
  post: <T>(path: string, body?: unknown) =>
    apiRequest<T>('POST', path, { body: body ?? {} }).then((r) => r.data),
  put: <T>(path: string, body?: unknown) =>
    apiRequest<T>('PUT', path, { body: body ?? {} }).then((r) => r.data),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path).then((r) => r.data),
};

/** The server's message when it sent one, else the caller's fallback ("Failed to load reports"). */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.isNetwork || err.code !== 'HTTP_ERROR' ? err.message : fallback;
  return fallback;
}
