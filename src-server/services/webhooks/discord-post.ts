/** How long one post to Discord may take before it counts as failed. */
export const POST_TIMEOUT_MS = 10_000;

/** What Discord made of one post. */
export type PostOutcome =
  | { kind: 'sent' }
  /** 429: nothing was posted; post nothing to this webhook for `waitMs`. */
  | { kind: 'rate-limited'; waitMs: number }
  /** 401 or 404: the webhook was deleted or its token revoked; it will never work again. */
  | { kind: 'gone'; status: number }
  /** Any other answer, a timeout or a network error: worth trying again later. */
  | { kind: 'failed'; reason: string };

export interface PostResult {
  outcome: PostOutcome;
  /** Discord's own bucket is empty even though this post went through: wait this long before the next. */
  pauseMs: number;
}

const seconds = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
};

/** Discord's `retry_after` (seconds, in the JSON body), else the `Retry-After` header, else a second. */
async function retryAfterMs(res: Response): Promise<number> {
  const body = (await res.json().catch(() => null)) as { retry_after?: unknown } | null;
  const wait = seconds(body?.retry_after) ?? seconds(res.headers.get('retry-after')) ?? 1;
  return Math.ceil(wait * 1000);
}

/**
 * Posts one message to a Discord webhook with Node's fetch: JSON, no redirect followed (so nothing but
 * the checked URL is ever fetched), given up after POST_TIMEOUT_MS.
 */
export async function postToWebhook(url: string, message: object): Promise<PostResult> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      redirect: 'error',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? 'no answer in time' : 'could not be reached';
    return { outcome: { kind: 'failed', reason: `Discord ${reason}` }, pauseMs: 0 };
  }
  const remaining = res.headers.get('x-ratelimit-remaining');
  const resetAfter = seconds(res.headers.get('x-ratelimit-reset-after'));
  const pauseMs = remaining === '0' && resetAfter !== null ? Math.ceil(resetAfter * 1000) : 0;
  if (res.status === 429)
    return { outcome: { kind: 'rate-limited', waitMs: await retryAfterMs(res) }, pauseMs };
  await res.body?.cancel().catch(() => undefined);
  if (res.ok) return { outcome: { kind: 'sent' }, pauseMs };
  if (res.status === 401 || res.status === 404)
    return { outcome: { kind: 'gone', status: res.status }, pauseMs };
  return { outcome: { kind: 'failed', reason: `Discord answered ${res.status}` }, pauseMs };
}
