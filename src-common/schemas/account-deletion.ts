import { z } from 'zod';
import { currentPasswordField } from './auth';
import { documentedRules } from './documented-as';

/** How a Discord-only account (no password) confirms: by typing its username. */
export const CONFIRM_USERNAME_MESSAGE = 'Type your username to confirm';

/**
 * DELETE /api/auth/me. Which field an account needs depends on it, so the service decides: an account
 * with a password sends `currentPassword`, a Discord-only one `confirm` with its username.
 */
export const deleteAccountSchema = z
  .strictObject({
    currentPassword: currentPasswordField.optional(),
    confirm: z.string({ error: CONFIRM_USERNAME_MESSAGE }).max(200, CONFIRM_USERNAME_MESSAGE).optional(),
  })
  .meta(
    documentedRules({
      description:
        'An account with a password sends `currentPassword`, its password; a Discord-only account sends ' +
        '`confirm`, its username. A wrong one answers 400.',
      anyOf: [{ required: ['currentPassword'] }, { required: ['confirm'] }],
    }),
  );
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
