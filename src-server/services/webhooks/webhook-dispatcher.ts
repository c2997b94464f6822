import type { Config } from '../../config';
import { isAllowedWebhookUrl, webhookIdOf } from '../../lib/discord-webhook-url';
import { atomicWrite } from '../../lib/transactions';
import { WorkInFlight } from '../../lib/work-in-flight';
import type { Logger } from '../../logger';
import { SavedSearchModel, type SavedSearchDoc } from '../../models/saved-search';
import { WebhookDeliveryModel, type WebhookDeliveryDoc } from '../../models/webhook-delivery';
import { listingMessage, summaryMessage } from './discord-embeds';
import { postToWebhook, type PostOutcome } from './discord-post';
import type { WebhookLimiter } from './webhook-limiter';

/** 429 answers in a row after which one post is given up (each one waited for as Discord asked). */
const RATE_LIMITED_MAX = 5;
/** Waits before trying a failed post again (5xx, timeout, network); after the last it is given up. */
const RETRY_DELAYS_MS = [1_000, 5_000, 15_000];
/** The longest a "Send test" waits for Discord's 429 to pass before answering that it must wait. */
const TEST_WAIT_MAX_MS = 5_000;

interface Hook {
  id: string;
  queue: WebhookDeliveryDoc[];
  queued: Set<string>;
  running: boolean;
  /** Discord asked for no post before this time (a 429, or its bucket empty). */
  pausedUntil: number;
  /** The limit held posts back: the next post sums up everything queued. */
  overflow: boolean;
}

export interface WebhookDispatcherDeps {
  config: Pick<Config, 'PUBLIC_URL' | 'DISCORD_WEBHOOK_HOSTS' | 'NODE_ENV'>;
  logger: Logger;
  limiter: WebhookLimiter;
  /** Discord answered 401 or 404: the searches that post to this webhook turn it off and tell their owners. */
  onGone(webhookId: string, searchIds: number[], status: number): Promise<void>;
}

/**
 * Posts queued listings (models/webhook-delivery.ts) to Discord webhooks, one webhook's posts at a time
 * and in order:
 * - at most WEBHOOK_POSTS_PER_WINDOW a minute per webhook (webhook-limiter.ts); once the limit holds posts
 *   back, the first post the next window allows sums up all of them;
 * - a 429 is obeyed: nothing more goes to that webhook until its `retry_after` has passed, then the same
 *   post is tried again;
 * - a 401 or 404 turns the webhook off (`onGone`) and drops what was queued for it;
 * - other failures are tried again a few times, then given up and logged.
 *
 * Guarantee: a delivery is deleted from the queue just before its post is sent, so each matching listing
 * is posted at most once per webhook, across restarts and processes; what is still queued at a stop or
 * crash is sent after the next start, and a post in flight at a crash is lost rather than repeated.
 */
export class WebhookDispatcher {
  private readonly hooks = new Map<string, Hook>();
  private readonly running = new WorkInFlight();
  private readonly sleepers = new Set<() => void>();
  private closed = false;

  constructor(private readonly deps: WebhookDispatcherDeps) {}

  /** Queues what the database still holds (posts a stop or crash left unsent), oldest first. */
  async start(): Promise<void> {
    const docs = await WebhookDeliveryModel.find({}).lean<WebhookDeliveryDoc[]>();
    this.enqueue(docs.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime()));
  }

  /** Hands stored deliveries to their webhooks' queues. */
  enqueue(docs: WebhookDeliveryDoc[]): void {
    for (const doc of docs) {
      const hook = this.hook(doc.webhookId);
      if (hook.queued.has(doc._id)) continue;
      hook.queued.add(doc._id);
      hook.queue.push(doc);
      if (!hook.running && !this.closed) this.run(hook);
    }
  }

  /**
   * Posts one message now (the "Send test" button), counted against the webhook's limit (`over-limit`
   * says how long until it allows one) and obeying a 429 the webhook is under: a short one is waited for,
   * a longer one answered as `rate-limited`.
   */
  async sendNow(url: string, message: object): Promise<PostOutcome | { kind: 'over-limit'; waitMs: number }> {
    const hook = this.hook(webhookIdOf(url));
    const paused = hook.pausedUntil - Date.now();
    if (paused > TEST_WAIT_MAX_MS) return { kind: 'rate-limited', waitMs: paused };
    if (paused > 0) await this.sleep(paused);
    const over = await this.deps.limiter.take(hook.id);
    if (over) return { kind: 'over-limit', waitMs: over };
    return this.postOnce(hook, url, message);
  }

  /** Stops posting (what is queued stays stored for the next start) and waits for posts in flight. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.sleepers) wake();
    await this.running.settled();
  }

  private hook(id: string): Hook {
    let hook = this.hooks.get(id);
    if (!hook) {
      hook = { id, queue: [], queued: new Set(), running: false, pausedUntil: 0, overflow: false };
      this.hooks.set(id, hook);
    }
    return hook;
  }

  private run(hook: Hook): void {
    hook.running = true;
    void this.running.track(
      this.drain(hook)
        .catch((err) => this.deps.logger.error({ err, webhookId: hook.id }, 'webhook posts failed'))
        .finally(() => {
          hook.running = false;
          if (this.closed) return;
          if (hook.queue.length) this.run(hook);
          // Forgotten once idle, unless Discord still asks for a wait.
          else if (hook.pausedUntil <= Date.now()) this.hooks.delete(hook.id);
        }),
    );
  }

  private async drain(hook: Hook): Promise<void> {
    while (hook.queue.length && !this.closed) {
      const paused = hook.pausedUntil - Date.now();
      if (paused > 0) {
        await this.sleep(paused);
        continue;
      }
      const over = await this.deps.limiter.take(hook.id);
      if (over) {
        hook.overflow = true;
        await this.sleep(over);
        continue;
      }
      const batch = hook.overflow ? hook.queue.splice(0) : hook.queue.splice(0, 1);
      hook.overflow = false;
      for (const doc of batch) hook.queued.delete(doc._id);
      if (!(await this.deliver(hook, batch))) await this.deps.limiter.giveBack(hook.id);
    }
  }

  /** Claims the batch and posts it (one listing, or a summary); false when there was nothing to post. */
  private async deliver(hook: Hook, batch: WebhookDeliveryDoc[]): Promise<boolean> {
    const claimed = await this.claim(batch);
    if (!claimed.length) return false;
    const searchIds = [...new Set(claimed.map((d) => d.searchId))];
    const searches = (
      await SavedSearchModel.find({ _id: { $in: searchIds } }).lean<SavedSearchDoc[]>()
    ).filter(
      (s) =>
        s.webhook?.enabled &&
        webhookIdOf(s.webhook.url) === hook.id &&
        isAllowedWebhookUrl(this.deps.config, s.webhook.url),
    );
    const posting = new Set(searches.map((s) => s._id));
    const listings = claimed.filter((d) => posting.has(d.searchId)).map((d) => d.listing);
    if (!listings.length) return false;
    const name = searches.map((s) => s.name).join(', ');
    const message =
      listings.length === 1
        ? listingMessage(listings[0], name, this.deps.config.PUBLIC_URL)
        : summaryMessage(listings, name, this.deps.config.PUBLIC_URL);
    await this.post(hook, searches[0].webhook!.url, message, searchIds);
    return true;
  }

  /** Deletes each delivery from the store; only those this call deleted are posted (at most once). */
  private async claim(batch: WebhookDeliveryDoc[]): Promise<WebhookDeliveryDoc[]> {
    const deleted = await Promise.all(
      batch.map((doc) =>
        atomicWrite(`webhook-delivery:${doc._id}`, () => WebhookDeliveryModel.deleteOne({ _id: doc._id })),
      ),
    );
    return batch.filter((_, i) => deleted[i].deletedCount === 1);
  }

  private async post(hook: Hook, url: string, message: object, searchIds: number[]): Promise<void> {
    let limited = 0;
    let failures = 0;
    while (!this.closed) {
      const paused = hook.pausedUntil - Date.now();
      if (paused > 0) await this.sleep(paused);
      const outcome = await this.postOnce(hook, url, message);
      if (outcome.kind === 'sent') return;
      if (outcome.kind === 'gone') return this.gone(hook, searchIds, outcome.status);
      if (outcome.kind === 'rate-limited' && ++limited <= RATE_LIMITED_MAX) continue;
      if (outcome.kind === 'failed' && failures < RETRY_DELAYS_MS.length) {
        await this.sleep(RETRY_DELAYS_MS[failures++]);
        continue;
      }
      this.deps.logger.warn({ webhookId: hook.id, outcome }, 'webhook post given up');
      return;
    }
  }

  /** One post, noting any wait Discord asks for before the next. */
  private async postOnce(hook: Hook, url: string, message: object): Promise<PostOutcome> {
    const { outcome, pauseMs } = await postToWebhook(url, message);
    const waitMs = outcome.kind === 'rate-limited' ? Math.max(outcome.waitMs, pauseMs) : pauseMs;
    if (waitMs) hook.pausedUntil = Math.max(hook.pausedUntil, Date.now() + waitMs);
    return outcome;
  }

  /** The webhook is gone: turn it off wherever these searches use it, and drop what waits for it. */
  private async gone(hook: Hook, searchIds: number[], status: number): Promise<void> {
    const dropped = hook.queue.splice(0);
    hook.queued.clear();
    const ids = new Set([...searchIds, ...dropped.map((d) => d.searchId)]);
    await this.deps.onGone(hook.id, [...ids], status);
    await WebhookDeliveryModel.deleteMany({ _id: { $in: dropped.map((d) => d._id) } });
  }

  private sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }
}
