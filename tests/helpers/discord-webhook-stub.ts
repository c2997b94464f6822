import type http from 'node:http';

/** One message a webhook of the stand-in received. */
export interface WebhookPost {
  webhookId: string;
  token: string;
  at: number;
  body: {
    username?: string;
    allowed_mentions?: unknown;
    embeds: Array<{
      title?: string;
      url?: string;
      description?: string;
      fields?: Array<{ name: string; value: string }>;
      footer?: { text: string };
    }>;
  };
}

/** An answer the next post to a webhook gets instead of 204 (Discord's success without `?wait=true`). */
export type ScriptedAnswer =
  { status: 429; retryAfter: number } | { status: 401 | 404 | 500; body?: unknown };

export interface WebhookStub {
  /** Everything received, oldest first; with an id, only that webhook's posts. */
  posts(webhookId?: string): WebhookPost[];
  /** The next posts to this webhook get these answers, in order (each one used once). */
  script(webhookId: string, ...answers: ScriptedAnswer[]): void;
  /** Resolves once this webhook has received `count` posts (rejects after `timeoutMs`). */
  waitForPosts(webhookId: string, count: number, timeoutMs?: number): Promise<WebhookPost[]>;
  /**
   * Handles `POST /api/webhooks/<id>/<token>` like Discord, and, for tests in other processes (the
   * browser tests), `GET /__stub/webhooks/<id>` (the posts as JSON) and `POST /__stub/webhooks/<id>/script`
   * (a JSON list of answers). Answers false for any other request.
   */
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean>;
}

const WEBHOOK = /^\/api\/webhooks\/(\d+)\/([\w-]+)\/?$/;
const CONTROL = /^\/__stub\/webhooks\/(\d+)(\/script)?$/;

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw ? JSON.parse(raw) : null;
}

function send(
  res: http.ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  if (body === undefined) {
    res.writeHead(status, headers);
    return res.end();
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A stand-in for Discord's webhook execution endpoint that records what it is sent. */
export function createWebhookStub(): WebhookStub {
  const received: WebhookPost[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();
  const waiters = new Set<() => void>();
  const posts = (webhookId?: string) =>
    received.filter((post) => webhookId === undefined || post.webhookId === webhookId);

  return {
    posts,
    script(webhookId, ...answers) {
      scripts.set(webhookId, [...(scripts.get(webhookId) ?? []), ...answers]);
    },
    waitForPosts(webhookId, count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (posts(webhookId).length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(posts(webhookId));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`webhook ${webhookId}: ${posts(webhookId).length} of ${count} posts`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async handle(req, res, url) {
      const hook = WEBHOOK.exec(url.pathname);
      if (req.method === 'POST' && hook) {
        const [, webhookId, token] = hook;
        const body = (await readJson(req)) as WebhookPost['body'];
        received.push({ webhookId, token, body, at: Date.now() });
        for (const waiter of [...waiters]) waiter();
        const answer = scripts.get(webhookId)?.shift();
        if (!answer) send(res, 204);
        else if (answer.status === 429) {
          send(
            res,
            429,
            { message: 'You are being rate limited.', retry_after: answer.retryAfter, global: false },
            { 'retry-after': String(Math.ceil(answer.retryAfter)) },
          );
        } else send(res, answer.status, answer.body ?? { message: 'Unknown Webhook', code: 10015 });
        return true;
      }
      const control = CONTROL.exec(url.pathname);
      if (control && req.method === 'GET' && !control[2]) {
        send(res, 200, posts(control[1]));
        return true;
      }
      if (control && req.method === 'POST' && control[2]) {
        const answers = (await readJson(req)) as ScriptedAnswer[];
        scripts.set(control[1], [...(scripts.get(control[1]) ?? []), ...answers]);
        send(res, 204);
        return true;
      }
      return false;
    },
  };
}
