import { z } from 'zod';
import { userSettingsSchema } from './auth';

/** GET /api/auth/me, and the `user` of a login response. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** An address waiting for its verification link; `email` stays the login address until then. */
  pendingEmail: z.string().nullable(),
  discord_id: z.string().nullable(),
  discord_username: z.string().nullable(),
  avatar: z.string().nullable(),
  flags: z.array(z.string()),
  settings: userSettingsSchema,
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export interface LoginResponse {
  token: string;
  user: CurrentUser;
}

export interface UpdateUsernameResponse {
  username: string;
  newToken: string;
}

/** POST /api/auth/change-password: every other session ended; `token` keeps this device logged in. */
export interface ChangePasswordResponse {
  message: string;
  token: string;
}

export interface MessageResponse {
  message: string;
}

/** GET /api/admin/users; `username` names the account linked to that Discord ID, when there is one. */
export interface AdminList {
  admins: Array<{ id: string; username: string | null }>;
}

/** What a signed session token carries. */
export interface TokenPayload {
  id: number;
  username: string;
}
