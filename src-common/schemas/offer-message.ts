import { z } from 'zod';
import { stripNotes } from '../notes';
import { personSchema } from './person';

/** The longest message of an offer's thread, after stripping (the same text rules as listing notes). */
export const OFFER_MESSAGE_BODY_MAX = 1000;
export const OFFER_MESSAGE_EMPTY = 'Please write a message';
export const OFFER_MESSAGE_TOO_LONG = `Message can be at most ${OFFER_MESSAGE_BODY_MAX.toLocaleString('en-US')} characters`;

/** One message of an offer's thread, as REST returns it and the live `offer:message` event carries it. */
export const offerMessageSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  /** `username` is "Deleted user" once the author's account is gone. */
  author: personSchema,
  body: z.string(),
  createdAt: z.string(),
});
export type OfferMessage = z.infer<typeof offerMessageSchema>;

/** POST /api/offers/{id}/messages: the text is stripped like notes, then must hold 1 to 1000 characters. */
export const offerMessageInputSchema = z.strictObject({
  body: z
    .string({ error: 'Message must be text' })
    .meta({
      maxLength: OFFER_MESSAGE_BODY_MAX,
      // At least one character that stays once the text is stripped like notes (and trimmed).
      pattern: '[^\\s\'"`;\\\\]',
    })
    .transform((value) => stripNotes(value).trim())
    .pipe(z.string().min(1, OFFER_MESSAGE_EMPTY).max(OFFER_MESSAGE_BODY_MAX, OFFER_MESSAGE_TOO_LONG)),
});
export type OfferMessageInput = z.output<typeof offerMessageInputSchema>;

/** GET /api/offers/{id}/messages: the whole thread, oldest first, and whether it still takes messages. */
export const offerThreadSchema = z.object({
  offerId: z.number().int(),
  messages: z.array(offerMessageSchema),
  /** Whether the two parties may still write: the offer is pending, or its trade is open. */
  open: z.boolean(),
  /** Why it no longer takes messages ("the offer was rejected"); null while open. */
  closedReason: z.string().nullable(),
  /** The last message the caller marked read (0: none); always 0 for an admin who is not a party. */
  lastReadId: z.number().int(),
});
export type OfferThread = z.infer<typeof offerThreadSchema>;

/** POST /api/offers/{id}/messages/read: up to which message (all of them when left out). */
export const markThreadReadSchema = z.strictObject({
  upTo: z
    .number({ error: 'upTo must be a message id' })
    .int('upTo must be a message id')
    .positive('upTo must be a message id')
    .optional(),
});
export type MarkThreadReadInput = z.output<typeof markThreadReadSchema>;

/** What marking a thread read answers: the caller's new read marker and what is still unread after it. */
export const threadReadStateSchema = z.object({ lastReadId: z.number().int(), unread: z.number().int() });
export type ThreadReadState = z.infer<typeof threadReadStateSchema>;

/** GET /api/offers/threads/unread: unread messages by offer id, only the offers that have any. */
export const unreadThreadsSchema = z.record(z.string().regex(/^\d+$/), z.number().int().positive());
export type UnreadThreads = z.infer<typeof unreadThreadsSchema>;
