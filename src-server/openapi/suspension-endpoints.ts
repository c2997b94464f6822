import { accountSuspensionSchema, suspendInputSchema } from '../../src-common/schemas/suspension';
import { idParam, json, type Endpoint } from './endpoint';

/** Suspending a player and lifting the suspension (admins). */
export const SUSPENSION_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/api/admin/users/{id}/suspend',
    summary: 'Suspend a player (admins)',
    tag: 'Admin',
    access: 'session',
    params: idParam,
    body: suspendInputSchema,
    ok: json(
      'The account and its suspension. Its sessions and API tokens stop working, its sockets are dropped, ' +
        'its pending offers and those on its listings are rejected, and its active listings are hidden ' +
        'until the suspension ends. Suspending a suspended account replaces its reason and end.',
      accountSuspensionSchema,
    ),
    errors: [400, 404, 409],
  },
  {
    method: 'post',
    path: '/api/admin/users/{id}/unsuspend',
    summary: 'Lift a suspension (admins)',
    tag: 'Admin',
    access: 'session',
    params: idParam,
    ok: json(
      'The account, no longer suspended (`suspension: null`); its listings are back.',
      accountSuspensionSchema,
    ),
    errors: [404, 409],
  },
];
