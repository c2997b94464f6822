import type { SavedSearch, SavedSearchFilters } from '../../src-common/schemas/saved-search';
import { maskWebhookUrl } from '../lib/discord-webhook-url';
import type { SavedSearchDoc } from '../models/saved-search';

/**
 * A stored saved search as the API returns it: only the filters it pins, never its owner, and its
 * webhook's URL only masked.
 */
export function presentSavedSearch(doc: SavedSearchDoc): SavedSearch {
  const stored = (doc.filters ?? {}) as Record<string, string | null | undefined>;
  const filters: Record<string, string> = {};
  for (const field of ['q', 'item', 'type', 'category', 'episode', 'profession'] as const) {
    const value = stored[field];
    if (value) filters[field] = value;
  }
  return {
    id: doc._id,
    name: doc.name,
    filters: filters as SavedSearchFilters as SavedSearch['filters'],
    maxUnitPrice: doc.maxUnitPrice ?? null,
    minUnitPrice: doc.minUnitPrice ?? null,
    webhook: doc.webhook
      ? {
          url: maskWebhookUrl(doc.webhook.url),
          enabled: doc.webhook.enabled,
          disabledReason: doc.webhook.disabledReason ?? null,
        }
      : null,
    createdAt: new Date(doc.createdAt).toISOString(),
  };
}
