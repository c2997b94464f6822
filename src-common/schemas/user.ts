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
  /** The in-game name, null when not set (only its owner and the other party of an accepted offer see it). */
  ign: z.string().nullable(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** POST /api/auth/update-settings: every setting, and the in-game name. */
export const updateSettingsResponseSchema = z.object({
  settings: userSettingsSchema,
  ign: z.string().nullable(),
});
export type UpdateSettingsResponse = z.infer<typeof updateSettingsResponseSchema>;

/** POST /api/auth/login and /api/auth/ticket. */
export const loginResponseSchema = z.object({ token: z.string(), user: currentUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/update-username: the new name, and a session token that carries it. */
export const updateUsernameResponseSchema = z.object({ username: z.string(), newToken: z.string() });
export type UpdateUsernameResponse = z.infer<typeof updateUsernameResponseSchema>;

/** POST /api/auth/change-password: every other session ended; `token` keeps this device logged in. */
export const changePasswordResponseSchema = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** The answer of account actions that only report what happened (sign-up, reset, verification mail). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** GET /api/admin/users; `username` names the account linked to that Discord ID, when there is one. */
export const adminListSchema = z.object({
  admins: z.array(z.object({ id: z.string(), username: z.string().nullable() })),
});
export type AdminList = z.infer<typeof adminListSchema>;

/** What a signed session token carries. */
export interface TokenPayload {
  id: number;
  username: string;
}
