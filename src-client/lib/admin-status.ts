import { api } from './api-client';
import { createTokenResource } from './token-resource';

/** GET /api/is-admin; only a literal `true` counts. A 403 or any failure means not an admin. */
export const adminStatus = createTokenResource(() =>
  api.get<{ isAdmin: unknown }>('/is-admin', { aboutSession: true }).then((body) => body.isAdmin === true),
);

/** Whether the server says the logged-in user is an admin; false while logged out or still asking. */
export function useIsAdmin(): boolean {
  return adminStatus.useResource().data === true;
}
