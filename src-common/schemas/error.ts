import { z } from 'zod';
import { ErrorCode } from '../errors';

/** Every error answer: `{ error, code }`, plus `field` on a validation error about one input. */
export const errorBodySchema = z.object({
  error: z.string().meta({ description: 'A message for people, shown as is.' }),
  code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  field: z.string().optional().meta({ description: 'The input field a validation error is about.' }),
  email: z.string().optional().meta({ description: 'The address of a login refused for being unverified.' }),
  reason: z
    .string()
    .optional()
    .meta({ description: 'Why the account is suspended (a login answered ACCOUNT_SUSPENDED).' }),
  until: z.string().nullable().optional().meta({
    description: 'When the suspension ends, ISO 8601; null when it is permanent (ACCOUNT_SUSPENDED).',
  }),
});
