import { z } from 'zod';
import { MAX_PRICE_COPPER } from '../money';
import { NOT_BLANK_PATTERN, documentedRules } from './documented-as';
import { browseQuerySchema } from './listing';

/** A user keeps at most this many saved searches. */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 50;

/**
 * The browse filters a search saves: the same fields, values and messages as GET /api/listings' query
 * (a blank value is the same as none), so a saved search runs exactly as the browser's.
 */
export const savedSearchFiltersSchema = browseQuerySchema.pick({
  q: true,
  item: true,
  type: true,
  category: true,
  episode: true,
  profession: true,
});
export type SavedSearchFilters = z.output<typeof savedSearchFiltersSchema>;

const unitPrice = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of copper` })
    .int(`${name} must be a whole number of copper`)
    .min(1, `${name} must be at least 1 copper`)
    .max(MAX_PRICE_COPPER, `${name} is too large`)
    .nullish()
    .transform((value) => value ?? null);

export const MAX_PRICE_NEEDS_SELL = 'A highest unit price is for sell listings: choose Type Sell';
export const MIN_PRICE_NEEDS_BUY = 'A lowest unit price is for buy listings: choose Type Buy';
export const SAVED_SEARCH_EMPTY = 'Choose a search or at least one filter to save';

export const WEBHOOK_URL_MAX = 300;
export const WEBHOOK_URL_INVALID =
  'Give a Discord webhook URL, like https://discord.com/api/webhooks/123456789/abcdef…';
/** The path of a Discord webhook: `/api/webhooks/<id>/<token>`, nothing after it. */
export const WEBHOOK_PATH = /^\/api\/webhooks\/(\d{1,25})\/([\w-]{1,100})\/?$/;

/**
 * A Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>), or null for none. Which hosts
 * (and, in tests, which scheme) are accepted is the server's setting DISCORD_WEBHOOK_HOSTS, checked there.
 * Write-only: answers carry `webhook`, with the URL masked.
 */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_URL_INVALID })
  .trim()
  .max(WEBHOOK_URL_MAX, WEBHOOK_URL_INVALID)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return !url.username && !url.password && !url.search && !url.hash && WEBHOOK_PATH.test(url.pathname);
  }, WEBHOOK_URL_INVALID)
  // The hosts of the default DISCORD_WEBHOOK_HOSTS; a server may allow others.
  .meta({
    pattern: '^https://(discord\\.com|discordapp\\.com)/api/webhooks/[0-9]{1,25}/[A-Za-z0-9_-]{1,100}/?$',
  })
  .nullable()
  .meta({
    description:
      'A Discord webhook URL (`https://discord.com/api/webhooks/<id>/<token>`, on a host the server allows), ' +
      'or null for none. Write-only: answers carry `webhook` with the URL masked.',
  });

/** A price condition of a saved search, as the API document states it: only with its listing type. */
const priceNeedsType = (field: string, type: 'buy' | 'sell', message: string) => ({
  description: message,
  anyOf: [
    { properties: { [field]: { type: 'null' } } },
    {
      properties: { filters: { type: 'object', required: ['type'], properties: { type: { const: type } } } },
    },
  ],
});

/**
 * POST /api/saved-searches, and the save dialog. A price condition alerts on sell listings at most
 * `maxUnitPrice` copper an item, or buy listings at least `minUnitPrice`: each needs the filter's type to
 * match (so a search has at most one). A search must pin something (words or a filter): one that
 * matches every listing is no alert.
 */
export const savedSearchInputSchema = z
  .strictObject({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(SAVED_SEARCH_NAME_MAX, `Name can be at most ${SAVED_SEARCH_NAME_MAX} characters`)
      .meta({ pattern: NOT_BLANK_PATTERN }),
    filters: z.strictObject(savedSearchFiltersSchema.shape).meta(
      documentedRules({
        description: SAVED_SEARCH_EMPTY,
        anyOf: [
          { required: ['q'], properties: { q: { pattern: NOT_BLANK_PATTERN } } },
          // Given and not blank: a blank filter is no filter.
          ...(['item', 'type', 'category', 'episode', 'profession'] as const).map((name) => ({
            required: [name],
            properties: { [name]: { minLength: 1 } },
          })),
        ],
      }),
    ),
    maxUnitPrice: unitPrice('maxUnitPrice'),
    minUnitPrice: unitPrice('minUnitPrice'),
    /** Each new listing the search finds is also posted to this Discord webhook. */
    webhookUrl: webhookUrlSchema.optional().transform((value) => value ?? null),
  })
  .superRefine((input, ctx) => {
    const { filters } = input;
    if (input.maxUnitPrice !== null && filters.type !== 'sell') {
      ctx.addIssue({ code: 'custom', path: ['maxUnitPrice'], message: MAX_PRICE_NEEDS_SELL });
    }
    if (input.minUnitPrice !== null && filters.type !== 'buy') {
      ctx.addIssue({ code: 'custom', path: ['minUnitPrice'], message: MIN_PRICE_NEEDS_BUY });
    }
    const pinned = Boolean(
      filters.q || filters.item || filters.type || filters.category || filters.episode || filters.profession,
    );
    if (!pinned) ctx.addIssue({ code: 'custom', path: ['filters'], message: SAVED_SEARCH_EMPTY });
  })
  .meta(
    documentedRules(
      priceNeedsType('maxUnitPrice', 'sell', MAX_PRICE_NEEDS_SELL),
      priceNeedsType('minUnitPrice', 'buy', MIN_PRICE_NEEDS_BUY),
    ),
  );
export type SavedSearchInput = z.output<typeof savedSearchInputSchema>;
export type SavedSearchInputBody = z.input<typeof savedSearchInputSchema>;

/** PUT /api/saved-searches/{id}/webhook: sets (and turns on again) or, with null, removes the webhook. */
export const savedSearchWebhookInputSchema = z.strictObject({ webhookUrl: webhookUrlSchema });
export type SavedSearchWebhookInput = z.output<typeof savedSearchWebhookInputSchema>;

/**
 * A saved search's Discord webhook as answers show it: the URL masked (its host, the first digits of its
 * id and the last characters of its token), whether it posts, and why not when Discord refused it.
 */
export const savedSearchWebhookSchema = z.object({
  url: z.string().meta({ example: 'https://discord.com/api/webhooks/123…/…abcd' }),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
});
export type SavedSearchWebhook = z.infer<typeof savedSearchWebhookSchema>;

/** A saved search as GET /api/saved-searches lists it. */
export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: z.object({
    q: z.string().optional(),
    item: z.string().optional(),
    type: z.enum(['buy', 'sell']).optional(),
    category: z.string().optional(),
    episode: z.string().optional(),
    profession: z.string().optional(),
  }),
  maxUnitPrice: z.number().int().nullable(),
  minUnitPrice: z.number().int().nullable(),
  /** The Discord webhook new matches are posted to, or null. */
  webhook: savedSearchWebhookSchema.nullable(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** GET /api/saved-searches */
export const savedSearchListSchema = z.object({ searches: z.array(savedSearchSchema) });
