import { z } from 'zod';
import { personSchema } from './person';

/** A player the caller blocked, and when (POST /api/users/{id}/block answers one, GET /api/blocks lists them). */
export const blockSchema = z.object({
  user: personSchema,
  at: z.string(),
});
export type Block = z.infer<typeof blockSchema>;

/** GET /api/blocks: the caller's blocks, the newest first. */
export const blockListSchema = z.object({ blocks: z.array(blockSchema) });
export type BlockList = z.infer<typeof blockListSchema>;

/** The message of 403 BLOCKED: it never says which of the two players blocked the other. */
export const BLOCKED_MESSAGE = "You can't trade with this player";
