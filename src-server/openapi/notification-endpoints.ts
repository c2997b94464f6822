import { z } from 'zod';
import {
  markReadResponseSchema,
  markReadSchema,
  notificationListSchema,
  notificationQuerySchema,
} from '../../src-common/schemas/notification';
import { json, type Endpoint } from './endpoint';

const unsubscribeQuery = z.object({
  token: z.string().meta({ description: 'The signed token of the link in an email digest.' }),
});
const htmlPage = (description: string) => ({ 200: { description, schema: null } });

/** The notification centre (the bell) and the email digests' unsubscribe link. */
export const NOTIFICATION_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/notifications',
    summary: "The caller's notifications, newest first; X-Unread-Count says how many are unread",
    tag: 'Notifications',
    access: 'read',
    query: notificationQuerySchema,
    ok: json(
      'A page of notifications (the live `notification` event carries the same shape). The header X-Unread-Count holds the number of unread ones; pass the last id as `before` for the next page.',
      notificationListSchema,
      ['X-Unread-Count'],
    ),
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/notifications/read',
    summary: 'Mark notifications read, by id or all',
    tag: 'Notifications',
    access: 'read',
    body: markReadSchema,
    ok: json('How many changed, and how many are still unread.', markReadResponseSchema),
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/notifications/unsubscribe',
    summary: "An email digest's unsubscribe link: a page that asks to confirm",
    tag: 'Notifications',
    access: 'public',
    query: unsubscribeQuery,
    ok: htmlPage('An HTML page with the button that turns email notifications off.'),
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/notifications/unsubscribe',
    summary: 'Turn email notifications off (the confirmation button, and one-click List-Unsubscribe-Post)',
    tag: 'Notifications',
    access: 'public',
    query: unsubscribeQuery,
    ok: htmlPage('An HTML page that says email notifications are off.'),
    errors: [400],
  },
];
