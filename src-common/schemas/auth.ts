import { z } from 'zod';
import { documentedRules } from './documented-as';
import { ignFieldSchema } from './ign';
import { USERNAME_CHARACTERS_MESSAGE, normaliseUsername, usernameCharacterProblem } from '../usernames';

/**
 * Account inputs. The server parses request bodies with the plain schemas; the client's forms use the
 * `...FormSchema` variants, which add the confirm fields and the form-level checks (filled in, long enough,
 * matching), then hand over to the plain schema so each rule is written once.
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const REGISTER_PASSWORD_MIN = 6;
export const PASSWORD_MIN = 8;
/** bcrypt reads at most 72 bytes; a ceiling also keeps hashing cheap for junk input. */
export const PASSWORD_MAX = 128;

const confirmField = { confirmPassword: z.string() };

const required = (message: string) => z.string({ error: message }).min(1, message);
const tooLong = `Password must be at most ${PASSWORD_MAX} characters`;

/** NFKC-normalised and trimmed of spaces first, so the rules and limits hold for the stored form (usernames.ts). */
export const usernameField = z
  .string({ error: 'Username is required' })
  .meta({
    minLength: USERNAME_MIN,
    maxLength: USERNAME_MAX,
    // Written with ASCII letters, which any generator can use; any script's letters, numbers and marks are taken.
    pattern: '^[A-Za-z0-9_.-]+( [A-Za-z0-9_.-]+)*$',
    description:
      USERNAME_CHARACTERS_MESSAGE + ' (letters and numbers of any script); no two spaces in a row.',
  })
  .transform(normaliseUsername)
  .pipe(
    z
      .string()
      .min(1, 'Username is required')
      .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
      .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
      .superRefine((name, ctx) => {
        const problem = usernameCharacterProblem(name);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  );

/**
 * zod's email rule, with each label of the domain ending in a letter or digit as host names must: a mail
 * server refuses `a@b-.com`, so it is refused here with a 400 rather than failing to send.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .meta({ pattern: EMAIL_PATTERN.source })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'Please enter a valid email address' }));

/** A password of at least `PASSWORD_MIN` characters, with the wording each form uses. */
const longPassword = (requiredMessage: string, minMessage: string) =>
  required(requiredMessage).min(PASSWORD_MIN, minMessage).max(PASSWORD_MAX, tooLong);

export const registerSchema = z.strictObject({
  username: usernameField,
  email: emailField,
  password: required('Password is required')
    .min(REGISTER_PASSWORD_MIN, `Password must be at least ${REGISTER_PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, tooLong),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

export const loginSchema = z.strictObject({
  email: required('Email is required').trim(),
  password: required('Password is required').max(PASSWORD_MAX, tooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Forgot password and resend verification both take just the address. */
export const emailOnlySchema = z.strictObject({ email: emailField });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

const passwordMinLong = `Password must be at least ${PASSWORD_MIN} characters long`;

export const resetPasswordSchema = z.strictObject({
  token: required('Invalid reset link. Please request a new password reset.'),
  newPassword: longPassword('Password is required', passwordMinLong),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = z
  .object({ token: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .refine((v) => v.newPassword.length >= PASSWORD_MIN, { message: passwordMinLong, path: ['newPassword'] })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
  .pipe(resetPasswordSchema.extend(confirmField));

export const changePasswordSchema = z.strictObject({
  currentPassword: required('Current password is required').max(PASSWORD_MAX, tooLong),
  newPassword: longPassword(
    'New password is required',
    `New password must be at least ${PASSWORD_MIN} characters long`,
  ),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .refine((v) => v.currentPassword && v.newPassword && v.confirmPassword, {
    message: 'Please fill in all password fields',
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'New passwords do not match',
    path: ['confirmPassword'],
  })
  .pipe(changePasswordSchema.extend(confirmField));
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

export const updateUsernameSchema = z.strictObject({ username: usernameField });
export type UpdateUsernameInput = z.infer<typeof updateUsernameSchema>;

export const currentPasswordField = required('Current password is required').max(PASSWORD_MAX, tooLong);

/**
 * POST /api/auth/link-email. Which fields an account needs depends on it, so the service decides: an
 * account without a password (Discord only) sends `password`, its first one; an account with one sends
 * `currentPassword`, and changes only its email (its password through change-password).
 */
export const linkEmailSchema = z
  .strictObject({
    email: emailField,
    password: longPassword('Password is required', passwordMinLong).optional(),
    currentPassword: currentPasswordField.optional(),
  })
  .meta(
    documentedRules({
      description:
        'An account with a password sends `currentPassword` (and no `password`); a Discord-only account ' +
        'sends `password`, its first one. A wrong current password answers 400.',
      anyOf: [{ required: ['currentPassword'] }, { required: ['password'] }],
    }),
  );
export type LinkEmailInput = z.infer<typeof linkEmailSchema>;

export const linkEmailFormSchema = z
  .object({ email: z.string(), password: z.string(), confirmPassword: z.string() })
  .refine((v) => v.email.trim() && v.password && v.confirmPassword, { message: 'All fields are required' })
  .refine((v) => v.password.length >= PASSWORD_MIN, { message: passwordMinLong, path: ['password'] })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
  .pipe(linkEmailSchema.extend({ password: linkEmailSchema.shape.password.unwrap(), ...confirmField }));
export type LinkEmailForm = z.input<typeof linkEmailFormSchema>;

/** The same call for an account that has a password: the new address and the current password. */
export const changeEmailFormSchema = z
  .object({ email: z.string(), currentPassword: z.string() })
  .refine((v) => v.email.trim() && v.currentPassword, { message: 'All fields are required' })
  .pipe(z.object({ email: emailField, currentPassword: currentPasswordField }));
export type ChangeEmailForm = z.input<typeof changeEmailFormSchema>;

export const userSettingsSchema = z.object({
  statsPublic: z.boolean(),
  emailNotifications: z.boolean(),
  directMessages: z.boolean(),
  showOnline: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * A checkbox change sends just that setting; at least one is needed. `ign` (the in-game name, blank or null
 * to clear it) is saved through the same route, though it is not one of `settings`.
 */
export const updateSettingsSchema = z
  .strictObject({ ...userSettingsSchema.shape, ign: ignFieldSchema })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'No settings to update' })
  .meta({ minProperties: 1 });
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

const discordIdField = z.string({ error: 'Discord ID is required' }).trim().min(1, 'Discord ID is required');

/** A new admin: Discord IDs (snowflakes) have 17 to 20 digits. */
export const newAdminIdSchema = z.strictObject({
  id: discordIdField.regex(/^\d{17,20}$/, 'A Discord ID has 17 to 20 digits'),
});

/** Removing stays possible for any admin already stored, including ones ADMIN_DISCORD_IDS seeded. */
export const adminIdSchema = z.strictObject({
  id: discordIdField.regex(/^\d{1,25}$/, 'A Discord ID has 17 to 20 digits'),
});

export const resolveUsernameSchema = z.object({ username: z.string().trim().min(1).max(100) });

/** POST /api/auth/ticket: a Discord login's single-use ticket, from /auth-success?ticket=. */
export const loginTicketSchema = z.strictObject({
  ticket: z.string({ error: 'Login ticket is required' }).min(1, 'Login ticket is required').max(200),
});

/** Where GET /api/auth/verify-email sends the browser: /verify-email?status=... or ?error=... */
export const VERIFY_STATUSES = ['success', 'already_verified'] as const;
export const VERIFY_ERRORS = ['missing_token', 'invalid_token', 'server_error'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];
export type VerifyError = (typeof VERIFY_ERRORS)[number];
