import type { CurrentUser } from '../../src-common/schemas/user';
import { api } from './api-client';
import { createTokenResource } from './token-resource';

/** GET /api/auth/me for the logged-in user, shared by every component that shows account details. */
export const currentUser = createTokenResource(() =>
  api.get<CurrentUser>('/auth/me', { aboutSession: true }),
);

export const useCurrentUser = currentUser.useResource;
