import { z } from 'zod';

/** The longest suspension with an end date, in days (about ten years); longer is a permanent one. */
export const SUSPENSION_DAYS_MAX = 3650;
export const SUSPENSION_REASON_MAX = 1000;
/** The reason a suspended trader's pending offers, and the offers on their listings, are rejected with. */
export const SUSPENDED_TRADER_REASON = 'This trader is suspended';

/** A suspension needs a reason, whether an admin suspends directly or by resolving a report. */
export const SUSPENSION_REASON_REQUIRED = 'Give a reason for the suspension';

const daysMessage = `days must be a whole number from 1 to ${SUSPENSION_DAYS_MAX}`;

/** A suspension's length in days; absent or null: permanent. */
export const suspensionDaysSchema = z
  .number({ error: daysMessage })
  .int(daysMessage)
  .min(1, daysMessage)
  .max(SUSPENSION_DAYS_MAX, daysMessage)
  .nullish()
  .transform((days) => days ?? null);

/** POST /api/admin/users/{id}/suspend. The reason is shown to the suspended player when they try to log in. */
export const suspendInputSchema = z.strictObject({
  reason: z
    .string({ error: SUSPENSION_REASON_REQUIRED })
    .trim()
    .min(1, SUSPENSION_REASON_REQUIRED)
    .max(SUSPENSION_REASON_MAX, `Reason can be at most ${SUSPENSION_REASON_MAX} characters`),
  days: suspensionDaysSchema,
});
export type SuspendInput = z.output<typeof suspendInputSchema>;
export type SuspendInputBody = z.input<typeof suspendInputSchema>;

/** A suspension as admins see it: why, until when (ISO; null: permanent), since when, and which admin. */
export const suspensionSchema = z.object({
  reason: z.string(),
  until: z.string().nullable(),
  at: z.string(),
  by: z.number().int(),
});
export type Suspension = z.infer<typeof suspensionSchema>;

/** The answer of suspend and unsuspend: the account and its suspension now (null once lifted). */
export const accountSuspensionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  suspension: suspensionSchema.nullable(),
});
export type AccountSuspension = z.infer<typeof accountSuspensionSchema>;
