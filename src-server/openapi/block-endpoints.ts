import { deleteAccountSchema } from '../../src-common/schemas/account-deletion';
import { blockListSchema, blockSchema } from '../../src-common/schemas/block';
import { idParam, json, type Endpoint } from './endpoint';

/** What a player does about other players (blocks) and about their own account (leaving for good). */
export const BLOCK_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/blocks',
    summary: 'The players the caller blocked, the newest first',
    tag: 'Blocks',
    access: 'read',
    ok: json('Each blocked player (`{ id, username }`) and when they were blocked.', blockListSchema),
  },
  {
    method: 'post',
    path: '/api/users/{id}/block',
    summary: 'Block a player',
    tag: 'Blocks',
    access: 'trade',
    params: idParam,
    ok: json(
      "The block. From now on neither player can make an offer on the other's listings (403 `BLOCKED`, \"You can't trade with this player\"), their pending offers are rejected (`offer:updated`), the caller gets no notification the blocked player causes, and the blocked player's listings leave the caller's browse. The blocked player is not told. Blocking again changes nothing and answers the first block. 400 for blocking oneself, 404 for an unknown player.",
      blockSchema,
    ),
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/api/users/{id}/block',
    summary: 'Lift a block',
    tag: 'Blocks',
    access: 'trade',
    params: idParam,
    ok: {
      204: {
        description:
          'No longer blocked (also when there was no block). Offers the block rejected stay rejected. 400 for oneself, 404 for an unknown player.',
        schema: null,
      },
    },
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/api/auth/me',
    summary: "Delete the caller's account for good",
    tag: 'Account',
    access: 'session',
    body: deleteAccountSchema,
    ok: {
      204: {
        description:
          'Deleted. An account with a password sends `currentPassword` (400 "Current password is required" / "Current password is incorrect", field `currentPassword`); a Discord-only one sends `confirm` with its username (400, field `confirm`). Every session and API token ends and their sockets drop; pending offers are withdrawn (`offer:deleted`, as a cancel); listings (`listing:deleted`), saved searches, notifications and blocks go. Trades and feedback stay, their party shown as "Deleted user"; the email and Discord ID can sign up again. 409 for the last admin.',
        schema: null,
      },
    },
    errors: [400, 409],
    limits: ['account-delete'],
  },
];
