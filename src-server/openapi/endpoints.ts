import { z } from 'zod';
import {
  adminIdSchema,
  changePasswordSchema,
  emailOnlySchema,
  linkEmailSchema,
  loginSchema,
  loginTicketSchema,
  registerSchema,
  resetPasswordSchema,
  resolveUsernameSchema,
  updateSettingsSchema,
  updateUsernameSchema,
  userSettingsSchema,
} from '../../src-common/schemas/auth';
import { clientConfigSchema } from '../../src-common/schemas/client-config';
import { healthSchema } from '../../src-common/schemas/health';
import { catalogueItemSchema, itemOptionSchema } from '../../src-common/schemas/item';
import {
  browseQuerySchema,
  listingDetailSchema,
  listingInputSchema,
  listingSchema,
} from '../../src-common/schemas/listing';
import {
  offerActionSchema,
  offerInputSchema,
  offerSchema,
  offerStatsSchema,
} from '../../src-common/schemas/offer';
import { profileResponseSchema } from '../../src-common/schemas/profile';
import {
  apiTokenCreatedSchema,
  apiTokenInputSchema,
  apiTokenListSchema,
} from '../../src-common/schemas/api-token';
import {
  adminListSchema,
  changePasswordResponseSchema,
  currentUserSchema,
  loginResponseSchema,
  messageResponseSchema,
  updateUsernameResponseSchema,
} from '../../src-common/schemas/user';
import type { TokenScope } from '../../src-common/schemas/api-token';

/**
 * Who may call a route: anyone; anyone, with more for a signed-in caller; a signed-in caller whose
 * personal token (if that is what it shows) has the named scope; or only a session token (account
 * changes and admin work refuse personal tokens with 403 TOKEN_SCOPE).
 */
export type Access = 'public' | 'optional' | TokenScope | 'session';

export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI's form, `{id}` for a path parameter. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success answers by status: a schema for JSON, null for an empty body or a redirect. */
  ok: Record<number, { description: string; schema: z.ZodType | null }>;
  /** Error statuses the route can answer besides those of its access (401, 403) and 500/503. */
  errors?: number[];
  /** Sends an ETag and answers 304 to a request whose If-None-Match holds it. */
  conditional?: true;
  /** Counted against the named limits of policies/rate-limits.ts (besides a personal token's own). */
  limits?: string[];
}

const id = z.object({ id: z.string().regex(/^\d+$/).meta({ description: 'A positive integer id.' }) });
const offerId = z.object({ offerId: z.string().regex(/^\d+$/) });
const userId = z.object({ userId: z.string().regex(/^\d+$/) });
const redirect = { 302: { description: 'A redirect to the page that shows the outcome.', schema: null } };
const noContent = { 204: { description: 'Done; no body.', schema: null } };
const json = (description: string, schema: z.ZodType) => ({ 200: { description, schema } });

/** Every public route under /api. The contract test checks this list against the Koa router. */
export const ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Is the server and its database up',
    tag: 'Meta',
    access: 'public',
    ok: {
      ...json('Up.', healthSchema),
      503: { description: 'The database is unreachable.', schema: healthSchema },
    },
  },
  {
    method: 'get',
    path: '/api/client-config',
    summary: 'Public settings for the browser',
    tag: 'Meta',
    access: 'public',
    ok: json('The settings.', clientConfigSchema),
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    tag: 'Meta',
    access: 'public',
    ok: { 200: { description: 'The OpenAPI 3.1 document.', schema: null } },
  },
  {
    method: 'get',
    path: '/api/docs',
    summary: 'The readable API reference (HTML)',
    tag: 'Meta',
    access: 'public',
    ok: { 200: { description: 'An HTML page.', schema: null } },
  },
  {
    method: 'get',
    path: '/api/docs/scalar.js',
    summary: "The reference page's renderer (Scalar)",
    tag: 'Meta',
    access: 'public',
    ok: { 200: { description: 'JavaScript.', schema: null } },
  },
  {
    method: 'get',
    path: '/api/docs/start.js',
    summary: "The reference page's start-up script",
    tag: 'Meta',
    access: 'public',
    ok: { 200: { description: 'JavaScript.', schema: null } },
  },

  {
    method: 'get',
    path: '/api/items',
    conditional: true,
    summary: 'The item catalogue',
    tag: 'Items',
    access: 'public',
    ok: json('Every catalogue item.', z.array(catalogueItemSchema)),
  },
  {
    method: 'get',
    path: '/api/items/meta/names',
    conditional: true,
    summary: 'Item names for a picker',
    tag: 'Items',
    access: 'public',
    ok: json('One option per item.', z.array(itemOptionSchema)),
  },

  {
    method: 'get',
    path: '/api/listings',
    conditional: true,
    summary: 'Browse active listings',
    tag: 'Listings',
    access: 'public',
    query: browseQuerySchema,
    ok: json('A page of listings; `X-Total-Count` holds how many match.', z.array(listingSchema)),
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/listings/{id}',
    conditional: true,
    summary: 'One listing, active or closed',
    tag: 'Listings',
    access: 'public',
    params: id,
    ok: json('The listing.', listingDetailSchema),
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/listings',
    summary: 'Post a listing',
    tag: 'Listings',
    access: 'trade',
    body: listingInputSchema,
    ok: { 201: { description: 'The new listing.', schema: listingSchema } },
    errors: [400],
    limits: ['listing-write', 'listing-write-hour'],
  },
  {
    method: 'put',
    path: '/api/listings/{id}',
    summary: 'Edit an own listing',
    tag: 'Listings',
    access: 'trade',
    params: id,
    body: listingInputSchema,
    ok: json('The listing as edited.', listingSchema),
    errors: [400, 404, 409],
    limits: ['listing-write', 'listing-write-hour'],
  },
  {
    method: 'post',
    path: '/api/listings/{id}/close',
    summary: 'Close an own listing',
    tag: 'Listings',
    access: 'trade',
    params: id,
    ok: json('The closed listing.', listingSchema),
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/listings/mine',
    summary: 'Delete every own listing',
    tag: 'Listings',
    access: 'trade',
    ok: json('How many were deleted.', z.object({ deleted: z.number().int() })),
  },
  {
    method: 'delete',
    path: '/api/listings/{id}',
    summary: 'Delete an own listing',
    tag: 'Listings',
    access: 'trade',
    params: id,
    ok: noContent,
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/admin/listings/{id}',
    summary: 'Remove any listing (admins)',
    tag: 'Admin',
    access: 'session',
    params: id,
    ok: noContent,
    errors: [404],
  },

  {
    method: 'get',
    path: '/api/offers/listing/{id}',
    conditional: true,
    summary: "A listing's offers",
    tag: 'Offers',
    access: 'public',
    params: id,
    ok: json('Its offers, newest first.', z.array(offerSchema)),
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/offers/stats',
    summary: "The caller's offer counts",
    tag: 'Offers',
    access: 'read',
    ok: json('The counts.', offerStatsSchema),
  },
  {
    method: 'post',
    path: '/api/offers',
    summary: 'Make an offer',
    tag: 'Offers',
    access: 'trade',
    body: offerInputSchema,
    ok: { 201: { description: 'The new offer.', schema: offerSchema } },
    errors: [400, 404, 409],
    limits: ['offer-create', 'offer-create-hour'],
  },
  {
    method: 'put',
    path: '/api/offers/{offerId}',
    summary: 'Accept or reject an offer on an own listing',
    tag: 'Offers',
    access: 'trade',
    params: offerId,
    body: offerActionSchema,
    ok: json('The decided offer.', offerSchema),
    errors: [400, 404, 409],
  },
  {
    method: 'delete',
    path: '/api/offers/{offerId}',
    summary: 'Cancel an own pending offer',
    tag: 'Offers',
    access: 'trade',
    params: offerId,
    ok: noContent,
    errors: [404, 409],
  },

  {
    method: 'get',
    path: '/api/profile/{userId}',
    summary: "A player's profile and listings",
    tag: 'Users',
    access: 'optional',
    params: userId,
    ok: json('The profile.', profileResponseSchema),
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/user/resolve/{username}',
    summary: 'A player name to its account id',
    tag: 'Users',
    access: 'public',
    params: resolveUsernameSchema,
    ok: json('The id.', z.object({ userId: z.number().int() })),
    errors: [400, 404],
  },

  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Log in with email and password',
    tag: 'Auth',
    access: 'public',
    body: loginSchema,
    ok: json('A session token and the account.', loginResponseSchema),
    errors: [400, 401, 403],
    limits: ['login-ip', 'login-ip-account', 'login-account'],
  },
  {
    method: 'post',
    path: '/api/auth/register',
    summary: 'Sign up',
    tag: 'Auth',
    access: 'public',
    body: registerSchema,
    ok: { 201: { description: 'Check your mail.', schema: messageResponseSchema } },
    errors: [400, 409],
    limits: ['register-ip', 'register-ip-hour', 'mail-address'],
  },
  {
    method: 'post',
    path: '/api/auth/forgot-password',
    summary: 'Mail a password reset link',
    tag: 'Auth',
    access: 'public',
    body: emailOnlySchema,
    ok: json('What happens next.', messageResponseSchema),
    errors: [400],
    limits: ['mail-ip', 'mail-address'],
  },
  {
    method: 'post',
    path: '/api/auth/resend-verification',
    summary: 'Mail the verification link again',
    tag: 'Auth',
    access: 'public',
    body: emailOnlySchema,
    ok: json('What happens next.', messageResponseSchema),
    errors: [400],
    limits: ['mail-ip', 'mail-address'],
  },
  {
    method: 'post',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a reset link',
    tag: 'Auth',
    access: 'public',
    body: resetPasswordSchema,
    ok: json('Done.', messageResponseSchema),
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/auth/verify-email',
    summary: 'Open a verification link (browser)',
    tag: 'Auth',
    access: 'public',
    query: z.object({ token: z.string().optional() }),
    ok: redirect,
  },
  {
    method: 'get',
    path: '/api/auth/me',
    summary: 'The signed-in account',
    tag: 'Auth',
    access: 'read',
    ok: json('The account.', currentUserSchema),
  },
  {
    method: 'post',
    path: '/api/auth/change-password',
    summary: 'Change the password',
    tag: 'Account',
    access: 'session',
    body: changePasswordSchema,
    ok: json('Other sessions ended; a new token.', changePasswordResponseSchema),
    errors: [400],
    limits: ['password-change'],
  },
  {
    method: 'post',
    path: '/api/auth/ticket',
    summary: "Trade a Discord login's ticket for a session",
    tag: 'Auth',
    access: 'public',
    body: loginTicketSchema,
    ok: json('A session token and the account.', loginResponseSchema),
    errors: [400, 401],
    limits: ['ticket-ip'],
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'End every session of the account',
    tag: 'Account',
    access: 'session',
    ok: noContent,
  },
  {
    method: 'post',
    path: '/api/auth/update-username',
    summary: 'Rename the account',
    tag: 'Account',
    access: 'session',
    body: updateUsernameSchema,
    ok: json('The new name and token.', updateUsernameResponseSchema),
    errors: [400, 409],
    limits: ['rename'],
  },
  {
    method: 'post',
    path: '/api/auth/link-email',
    summary: 'Change or add the login email',
    tag: 'Account',
    access: 'session',
    body: linkEmailSchema,
    ok: json('Check your mail.', messageResponseSchema),
    errors: [400, 409],
    limits: ['email-change', 'mail-ip', 'mail-address'],
  },
  {
    method: 'post',
    path: '/api/auth/update-settings',
    summary: 'Change account settings',
    tag: 'Account',
    access: 'session',
    body: updateSettingsSchema,
    ok: json('All settings.', z.object({ settings: userSettingsSchema })),
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/auth/discord/link-ticket',
    summary: 'A ticket to link Discord (browser)',
    tag: 'Account',
    access: 'session',
    ok: json('The ticket.', z.object({ ticket: z.string() })),
  },
  {
    method: 'get',
    path: '/api/auth/discord',
    summary: 'Start the Discord login (browser)',
    tag: 'Auth',
    access: 'public',
    query: z.object({ link: z.literal('1').optional(), ticket: z.string().optional() }),
    ok: redirect,
  },
  {
    method: 'get',
    path: '/api/auth/discord/callback',
    summary: "Discord's redirect back (browser)",
    tag: 'Auth',
    access: 'public',
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      error: z.string().optional(),
    }),
    ok: redirect,
  },

  {
    method: 'get',
    path: '/api/auth/tokens',
    summary: 'List personal access tokens',
    tag: 'Account',
    access: 'session',
    ok: json('The tokens (never their secret).', apiTokenListSchema),
  },
  {
    method: 'post',
    path: '/api/auth/tokens',
    summary: 'Create a personal access token',
    tag: 'Account',
    access: 'session',
    body: apiTokenInputSchema,
    ok: {
      201: { description: 'The token, with its secret: shown this once.', schema: apiTokenCreatedSchema },
    },
    errors: [400, 409],
  },
  {
    method: 'delete',
    path: '/api/auth/tokens/{id}',
    summary: 'Revoke a personal access token',
    tag: 'Account',
    access: 'session',
    params: id,
    ok: noContent,
    errors: [404],
  },

  {
    method: 'get',
    path: '/api/is-admin',
    summary: 'Is the caller an admin',
    tag: 'Admin',
    access: 'read',
    ok: json('The answer.', z.object({ isAdmin: z.boolean() })),
  },
  {
    method: 'get',
    path: '/api/admin/users',
    summary: 'List admins',
    tag: 'Admin',
    access: 'session',
    ok: json('The admins.', adminListSchema),
  },
  {
    method: 'post',
    path: '/api/admin/users/add',
    summary: 'Make a Discord account an admin',
    tag: 'Admin',
    access: 'session',
    body: adminIdSchema,
    ok: json('The admins.', adminListSchema),
    errors: [400, 404, 409],
  },
  {
    method: 'post',
    path: '/api/admin/users/remove',
    summary: 'Remove an admin',
    tag: 'Admin',
    access: 'session',
    body: adminIdSchema,
    ok: json('The admins.', adminListSchema),
    errors: [400, 404, 409],
  },
];
