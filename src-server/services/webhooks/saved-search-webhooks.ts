import { ErrorCode } from '../../../src-common/errors';
import type { Listing } from '../../../src-common/schemas/listing';
import type { SavedSearch } from '../../../src-common/schemas/saved-search';
import type { AppDeps } from '../../deps';
import { AppError, conflict, notFound } from '../../errors';
import { checkWebhookUrl, isAllowedWebhookUrl, webhookIdOf } from '../../lib/discord-webhook-url';
import { isDuplicateKeyError } from '../../lib/duplicate-key';
import { atomicWrite } from '../../lib/transactions';
import { SavedSearchModel, type SavedSearchDoc } from '../../models/saved-search';
import { WebhookDeliveryModel, type WebhookDeliveryDoc } from '../../models/webhook-delivery';
import { presentSavedSearch } from '../../presenters/saved-search';
import { sendNotification, type NotifyDeps } from '../notifications/notify';
import { testMessage } from './discord-embeds';
import { WEBHOOK_POSTS_PER_WINDOW } from './webhook-limiter';

/** Where a `webhook_disabled` notification leads: the player's saved searches. */
export const SAVED_SEARCHES_PAGE = '/myprofile?tab=searches';

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** 502 WEBHOOK_FAILED: Discord refused the post or did not answer. */
const webhookFailed = (message: string, headers: Record<string, string> = {}) =>
  new AppError(502, ErrorCode.WEBHOOK_FAILED, message, {}, headers);

/** The stored form of a webhook URL a player gave (checked against DISCORD_WEBHOOK_HOSTS), or null. */
export function storedWebhook(config: AppDeps['config'], url: string | null) {
  return url === null ? null : { url: checkWebhookUrl(config, url), enabled: true, disabledReason: null };
}

/** Sets (turning it on again) or, with null, removes the webhook of one of the caller's searches. */
export async function setSavedSearchWebhook(
  deps: Pick<AppDeps, 'config'>,
  userId: number,
  id: number,
  url: string | null,
): Promise<SavedSearch> {
  const webhook = storedWebhook(deps.config, url);
  const doc = await atomicWrite(`saved-search:${id}`, () =>
    SavedSearchModel.findOneAndUpdate(
      { _id: id, userId },
      { $set: { webhook } },
      { returnDocument: 'after' },
    ).lean<SavedSearchDoc>(),
  );
  if (!doc) throw notFound('saved search');
  return presentSavedSearch(doc);
}

/**
 * "Send test": posts one sample listing to the search's webhook now. Discord's refusal answers 502
 * WEBHOOK_FAILED saying why (a 401 or 404 also turns the webhook off, as a real post would); this server's
 * own per-webhook limit answers 429.
 */
export async function testSavedSearchWebhook(
  deps: Pick<AppDeps, 'config' | 'webhooks'> & NotifyDeps,
  userId: number,
  id: number,
): Promise<void> {
  const doc = await SavedSearchModel.findOne({ _id: id, userId }).lean<SavedSearchDoc>();
  if (!doc) throw notFound('saved search');
  const url = doc.webhook?.url;
  if (!url) throw conflict('This saved search has no webhook. Set a webhook URL first.', 'webhookUrl');
  if (!isAllowedWebhookUrl(deps.config, url)) {
    throw conflict("This webhook's host is no longer allowed. Set a new webhook URL.", 'webhookUrl');
  }
  const outcome = await deps.webhooks.sendNow(url, testMessage(doc.name, deps.config.PUBLIC_URL));
  switch (outcome.kind) {
    case 'sent':
      return;
    case 'over-limit': {
      const wait = secondsOf(outcome.waitMs);
      throw new AppError(
        429,
        ErrorCode.RATE_LIMITED,
        `This webhook had ${WEBHOOK_POSTS_PER_WINDOW} posts this minute. Try again in ${wait} seconds.`,
        {},
        { 'Retry-After': String(wait) },
      );
    }
    case 'rate-limited': {
      const wait = secondsOf(outcome.waitMs);
      throw webhookFailed(`Discord is rate limiting this webhook. Try again in ${wait} seconds.`, {
        'Retry-After': String(wait),
      });
    }
    case 'gone':
      await disableWebhooks(deps, webhookIdOf(url), [id], outcome.status);
      throw webhookFailed(`${goneReason(outcome.status)} The webhook was turned off: set a new webhook URL.`);
    case 'failed':
      throw webhookFailed(`${outcome.reason}. Try again in a moment.`);
  }
}

const goneReason = (status: number) =>
  status === 401
    ? 'Discord refused the webhook (401): its token was reset or it was deleted.'
    : 'Discord no longer knows the webhook (404): it was deleted.';

/**
 * Discord answered 401 or 404 for a webhook: each of these searches that still posts to it turns it off,
 * and its owner gets a `webhook_disabled` notification (once: the write is conditional on it being on).
 */
export async function disableWebhooks(
  deps: NotifyDeps,
  webhookId: string,
  searchIds: number[],
  status: number,
): Promise<void> {
  const reason = goneReason(status);
  const searches = await SavedSearchModel.find({ _id: { $in: searchIds } }).lean<SavedSearchDoc[]>();
  for (const search of searches) {
    const url = search.webhook?.url;
    if (!url || !search.webhook?.enabled || webhookIdOf(url) !== webhookId) continue;
    const { modifiedCount } = await atomicWrite(`saved-search:${search._id}`, () =>
      SavedSearchModel.updateOne(
        { _id: search._id, 'webhook.url': url, 'webhook.enabled': true },
        { $set: { 'webhook.enabled': false, 'webhook.disabledReason': reason } },
      ),
    );
    if (!modifiedCount) continue;
    await sendNotification(deps, search.userId, {
      kind: 'webhook_disabled',
      message: `The Discord webhook of your saved search "${search.name}" was turned off. ${reason} Set a new webhook URL to post there again.`,
      searchId: search._id,
      link: SAVED_SEARCHES_PAGE,
    });
  }
}

/**
 * Queues a new listing for the webhooks of the searches that found it (oldest search first; a webhook
 * gets it once however many of these searches post to it), skipping searches whose owner blocked the
 * seller. Stored before it is handed to the dispatcher, so a restart still sends it.
 */
export async function queueWebhookPosts(
  deps: Pick<AppDeps, 'webhooks' | 'blocks'>,
  listing: Listing,
  searches: Pick<SavedSearchDoc, '_id' | 'userId' | 'webhook'>[],
): Promise<void> {
  const searchOfHook = new Map<string, number>();
  for (const search of searches) {
    if (!search.webhook?.enabled || deps.blocks.has(search.userId, listing.userId)) continue;
    const webhookId = webhookIdOf(search.webhook.url);
    if (!searchOfHook.has(webhookId)) searchOfHook.set(webhookId, search._id);
  }
  const queued: WebhookDeliveryDoc[] = [];
  for (const [webhookId, searchId] of searchOfHook) {
    try {
      const doc = await WebhookDeliveryModel.create({
        _id: `${webhookId}:${listing.id}`,
        webhookId,
        searchId,
        listing: {
          id: listing.id,
          item: listing.item,
          type: listing.type,
          quantity: listing.remainingQuantity,
          price: listing.price,
          seller: listing.seller,
          image: listing.image,
        },
        createdAt: new Date(),
      });
      queued.push(doc.toObject() as WebhookDeliveryDoc);
    } catch (err) {
      // Already queued for this webhook and not yet sent: once is enough.
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
  deps.webhooks.enqueue(queued);
}
