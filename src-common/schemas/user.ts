import { z } from 'zod';

/** GET /api/auth/me */
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  discord_id: z.string().nullable(),
  discord_username: z.string().nullable(),
  avatar: z.string().nullable(),
  flags: z.array(z.string()),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** What a signed session token carries. */
export interface TokenPayload {
  id: number;
  username: string;
}
