import { recordAnswer } from './contract';

export interface HttpResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * Longer than any answer a test waits for (a slow machine included): a request the server never answers
 * fails its test with its method and path, not the test's own timeout with no word of which request hung.
 */
const ANSWER_TIMEOUT_MS = 60_000;

/** A tiny client for the REST API over real HTTP; every answer is checked against the OpenAPI document. */
export function http(baseUrl: string) {
  async function call<T>(method: string, path: string, opts: { body?: unknown; token?: string } = {}) {
    const headers: Record<string, string> = {};
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await fetch(`${baseUrl}${path}`, {
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      method,
      headers,
      body:
        opts.body === undefined
          ? undefined
          : typeof opts.body === 'string'
            ? opts.body
            : JSON.stringify(opts.body),
      redirect: 'manual',
    }).catch((err: unknown) => {
      throw new Error(`${method} ${path}: no answer (${(err as Error).message})`, { cause: err });
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    recordAnswer({ method, path, status: res.status, contentType: res.headers.get('content-type'), body });
    return { status: res.status, body: body as T, headers: res.headers } satisfies HttpResult<T>;
  }
  return {
    get: <T = any>(path: string, token?: string) => call<T>('GET', path, { token }), // eslint-disable-line @typescript-eslint/no-explicit-any
    post: <T = any>(path: string, body?: unknown, token?: string) => call<T>('POST', path, { body, token }), // eslint-disable-line @typescript-eslint/no-explicit-any
    put: <T = any>(path: string, body?: unknown, token?: string) => call<T>('PUT', path, { body, token }), // eslint-disable-line @typescript-eslint/no-explicit-any
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    delete: <T = any>(path: string, token?: string, body?: unknown) =>
      call<T>('DELETE', path, { body, token }),
  };
}
