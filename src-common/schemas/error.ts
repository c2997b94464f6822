import { z } from 'zod';
import { ErrorCode } from '../errors';

/** Every error answer: `{ error, code }`, plus `field` on a validation error about one input. */
export const errorBodySchema = z.object({
  error: z.string().meta({ description: 'A message for people, shown as is.' }),
  code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  field: z.string().optional().meta({ description: 'The input field a validation error is about.' }),
  email: z.string().optional().meta({ description: 'The address of a login refused for being unverified.' }),
});
