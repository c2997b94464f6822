import { z } from 'zod';
import { copperSchema } from './money';

/** What a notification is about: the four offer changes, and a new listing matching a saved search. */
export const NOTIFICATION_KINDS = [
  'offer_received',
  'offer_accepted',
  'offer_rejected',
  'offer_cancelled',
  'saved_search_match',
  /** A trade changed status, or the other party confirmed it or asked to cancel it. */
  'trade_updated',
  /** An open trade completes by itself in 2 days. */
  'trade_reminder',
  /** The other party left feedback on a trade. */
  'feedback_received',
  /** A message in the thread of an offer the user is a party to, from the other party. */
  'offer_message',
  /** An admin looked at a report the user filed (no outcome: it may be about another player). */
  'report_resolved',
  /** Discord refused a saved search's webhook (401 or 404: deleted or revoked), so it stopped posting. */
  'webhook_disabled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What an accepted offer agreed, on its `offer_accepted` notification (null on every other kind): the
 * trade (its id is the offer's), and the other party, the listing's owner, with their in-game name (null
 * when they have not set one). Only the offer's maker receives it.
 */
export const notificationAgreementSchema = z.object({
  tradeId: z.number().int(),
  item: z.string(),
  quantity: z.number().int(),
  /** Copper for the whole quantity. */
  amount: copperSchema,
  counterparty: z.object({ id: z.number().int(), username: z.string(), ign: z.string().nullable() }),
});
export type NotificationAgreement = z.infer<typeof notificationAgreementSchema>;

/**
 * A notification as `GET /api/notifications` returns it and as the live `notification` event carries it.
 * `id` is a positive integer, newer notifications having greater ids. `link` is a path on the site (the
 * listing's page, or the saved search's results) that the bell and the email digest point to.
 */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  listingId: z.number().int().nullable(),
  offerId: z.number().int().nullable(),
  searchId: z.number().int().nullable(),
  message: z.string(),
  link: z.string(),
  read: z.boolean(),
  at: z.string(),
  agreement: notificationAgreementSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.array(notificationSchema);

export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .positive(`${name} must be a positive whole number`);

/** GET /api/notifications: `before` is an id, for the page after the last one shown. */
export const notificationQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}`)
    .max(NOTIFICATIONS_PAGE_MAX, `limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}`)
    .default(NOTIFICATIONS_PAGE_DEFAULT),
  before: positiveId('before').optional(),
});
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

export const MARK_READ_MAX_IDS = 100;
const MARK_READ_MESSAGE = 'Send { "ids": [...] } or { "all": true }';

/** POST /api/notifications/read: some of the caller's notifications by id, or all of them. */
export const markReadSchema = z
  .strictObject({
    ids: z
      .array(
        z
          .number({ error: 'ids must be a list of notification ids' })
          .int('ids must be a list of notification ids')
          .positive('ids must be a list of notification ids'),
        { error: 'ids must be a list of notification ids' },
      )
      .min(1, 'ids must name at least one notification')
      .max(MARK_READ_MAX_IDS, `ids may name at most ${MARK_READ_MAX_IDS} notifications`)
      .optional(),
    all: z.literal(true, { error: MARK_READ_MESSAGE }).optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.all === undefined), { message: MARK_READ_MESSAGE })
  .meta({ oneOf: [{ required: ['ids'] }, { required: ['all'] }] });
export type MarkReadInput = z.infer<typeof markReadSchema>;

/** What POST /api/notifications/read answers: how many it changed, and what is still unread. */
export const markReadResponseSchema = z.object({ updated: z.number().int(), unread: z.number().int() });
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;
