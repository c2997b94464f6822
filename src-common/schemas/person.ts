import { z } from 'zod';

/**
 * A player an answer names: a trade's party, a message's author, a feedback's rater, a blocked player, a
 * report's reporter or an admin in the audit log. `username` is `Deleted user` once the account is gone.
 */
export const personSchema = z.object({ id: z.number().int(), username: z.string() });
export type Person = z.infer<typeof personSchema>;
