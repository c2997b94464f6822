import {
  markThreadReadSchema,
  offerMessageInputSchema,
  offerMessageSchema,
  offerThreadSchema,
  threadReadStateSchema,
  unreadThreadsSchema,
} from '../../src-common/schemas/offer-message';
import { idParam, json, type Endpoint } from './endpoint';

/** The conversation on each offer, between the offer's maker and the listing's owner. */
export const THREAD_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/offers/{id}/messages',
    summary: "An offer's thread: its messages, oldest first, and whether it still takes messages",
    tag: 'Offers',
    access: 'read',
    params: idParam,
    ok: json(
      "The thread. Read by the two traders and by admins (403 for anyone else). It takes messages while the offer is pending or its trade is open; `lastReadId` is the caller's read marker.",
      offerThreadSchema,
    ),
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/offers/{id}/messages',
    summary: "Write in an offer's thread (its two traders, while it is open)",
    tag: 'Offers',
    access: 'trade',
    params: idParam,
    body: offerMessageInputSchema,
    ok: {
      201: {
        description:
          'The message, also sent live as `offer:message` to both traders, and as an `offer_message` notification to the other one. 409 once the thread is closed (the offer was rejected or cancelled, or the trade is no longer open). 403 "This player does not take messages." when the other trader turned `settings.directMessages` off and has not written in this thread yet.',
        schema: offerMessageSchema,
      },
    },
    errors: [400, 404, 409],
    limits: ['offer-message', 'offer-message-hour'],
  },
  {
    method: 'post',
    path: '/api/offers/{id}/messages/read',
    summary: "Mark an offer's thread read, up to a message or all of it (its two traders)",
    tag: 'Offers',
    access: 'read',
    params: idParam,
    body: markThreadReadSchema,
    ok: json(
      "The caller's read marker, and how many messages are still unread after it.",
      threadReadStateSchema,
    ),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/offers/threads/unread',
    summary: "The caller's unread thread messages, by offer",
    tag: 'Offers',
    access: 'read',
    ok: json(
      'An object from offer id to its number of unread messages; offers with none are left out.',
      unreadThreadsSchema,
    ),
  },
];
