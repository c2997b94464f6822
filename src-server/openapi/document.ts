import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { errorBodySchema } from '../../src-common/schemas/error';
import { listingSchema } from '../../src-common/schemas/listing';
import { offerSchema } from '../../src-common/schemas/offer';
import { API_TOKEN_PREFIX } from '../../src-common/schemas/api-token';
import { MONEY_DESCRIPTION, copperSchema, denominationSchema } from '../../src-common/schemas/money';
import { ENDPOINTS, type Access, type Endpoint } from './endpoints';
import { itemNameComponents } from './item-names';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (`VALIDATION_ERROR`, with `field` when one input is wrong), or a body that is not valid JSON.',
  401: 'No token, a bad one, or an ended session (`UNAUTHORIZED`, `TOKEN_EXPIRED`); an unverified login (`EMAIL_NOT_VERIFIED`).',
  403: 'Not allowed (`FORBIDDEN`), or a personal token without the scope this needs (`TOKEN_SCOPE`).',
  404: 'Not found (`NOT_FOUND`).',
  405: 'This path does not take the method used (`METHOD_NOT_ALLOWED`); `Allow` lists the ones it takes.',
  409: 'In conflict with the current state (`CONFLICT`).',
  413: 'The request body is over 100 kB (`VALIDATION_ERROR`).',
  415: 'The request body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`).',
  429: 'Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds.',
  500: 'Unexpected (`INTERNAL_ERROR`).',
  502: 'Discord refused the webhook post or did not answer (`WEBHOOK_FAILED`); after a 429 from Discord, `Retry-After` says when to try again.',
  503: 'The database is busy or unreachable (`DB_BUSY`, `DB_UNAVAILABLE`; retry after `Retry-After` seconds), or a mail the request needs could not be sent (`MAIL_FAILED`, nothing was changed).',
};

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const rateLimitHeaders = { RateLimit: ref('RateLimit'), 'RateLimit-Policy': ref('RateLimit-Policy') };

/**
 * Where the `RateLimit` headers can be on an answer: every answer of a route with limits of its own once
 * it was counted (a bad token's 401 is refused before any count), and any answer to a personal token,
 * which has limits of its own; a session-only route answers a personal token only with 403.
 */
function rateLimited(endpoint: Endpoint, status: number): boolean {
  if (status === 401) return Boolean(endpoint.limits?.length);
  if (endpoint.limits?.length) return true;
  return endpoint.access === 'session' ? status === 403 : true;
}

/** Methods whose request body is read (as JSON) whether or not the route takes one. */
const BODY_METHODS = new Set<Endpoint['method']>(['post', 'put', 'delete']);

const SECURITY: Record<Access, ZodOpenApiOperationObject['security']> = {
  public: [],
  optional: [{}, { session: [] }, { personalToken: [] }],
  read: [{ session: [] }, { personalToken: [] }],
  trade: [{ session: [] }, { personalToken: [] }],
  session: [{ session: [] }],
};

/** Statuses every route of this access can answer, besides its own. */
function accessErrors(access: Access): number[] {
  if (access === 'public') return [];
  if (access === 'optional') return [401];
  return [401, 403];
}

/** Statuses the body parser answers: any body can be invalid or too large; a route that takes one, 415. */
function bodyErrors(endpoint: Endpoint): number[] {
  if (!BODY_METHODS.has(endpoint.method)) return [];
  return endpoint.body ? [400, 413, 415] : [400, 413];
}

function operation(endpoint: Endpoint): ZodOpenApiOperationObject {
  const headersFor = (status: number, own: Record<string, unknown> = {}) => ({
    ...(rateLimited(endpoint, status) ? rateLimitHeaders : {}),
    ...own,
  });
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, { description, schema, headers }] of Object.entries(endpoint.ok)) {
    const own = Object.fromEntries((headers ?? []).map((name) => [name, ref(name)]));
    responses[status] = {
      description,
      headers: headersFor(Number(status), own),
      ...(schema ? { content: { 'application/json': { schema } } } : {}),
    };
  }
  if (endpoint.conditional) {
    responses['200'] = { ...responses['200'], headers: { ...responses['200'].headers, ETag: ref('ETag') } };
    responses['304'] = {
      description: 'Not modified: the `If-None-Match` of the request names the current `ETag`.',
      headers: headersFor(304, { ETag: ref('ETag') }),
    };
  }
  const errors = new Set([
    ...accessErrors(endpoint.access),
    ...bodyErrors(endpoint),
    ...(endpoint.errors ?? []),
    405,
    429,
    500,
    503,
  ]);
  for (const status of [...errors].sort()) {
    if (responses[String(status)]) continue;
    const own =
      status === 405
        ? { Allow: ref('Allow') }
        : status === 429 || status === 502 || status === 503
          ? { 'Retry-After': ref('Retry-After') }
          : {};
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status],
      headers: headersFor(status, own),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const scopeNote =
    endpoint.access === 'read' || endpoint.access === 'trade'
      ? `A personal token needs the \`${endpoint.access}\` scope.`
      : endpoint.access === 'session'
        ? 'Session tokens only: a personal token is refused with 403 `TOKEN_SCOPE`.'
        : undefined;
  const limitNote = endpoint.limits?.length
    ? `Rate limits: ${endpoint.limits.map((name) => `\`${name}\``).join(', ')}.`
    : undefined;
  return {
    summary: endpoint.summary,
    tags: [endpoint.tag],
    description: [scopeNote, limitNote].filter(Boolean).join(' ') || undefined,
    security: SECURITY[endpoint.access],
    ...(endpoint.access === 'read' || endpoint.access === 'trade'
      ? { 'x-token-scope': endpoint.access }
      : {}),
    requestParams: {
      ...(endpoint.params ? { path: endpoint.params } : {}),
      ...(endpoint.query ? { query: endpoint.query } : {}),
    },
    requestBody: endpoint.body
      ? { required: true, content: { 'application/json': { schema: endpoint.body } } }
      : undefined,
    responses: responses as ZodOpenApiOperationObject['responses'],
  };
}

/** The OpenAPI 3.1 document, built from ENDPOINTS and the src-common schemas by zod-openapi. */
export function buildOpenApiDocument(version: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of ENDPOINTS) {
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method]: operation(endpoint) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Brighter Shores Market API',
      version,
      description:
        'The REST API of the marketplace. Live events (Socket.IO) are described by the AsyncAPI document ' +
        '[/api/asyncapi.json](/api/asyncapi.json), readable at [/api/docs/realtime](/api/docs/realtime). ' +
        'Every error answers `{ error, code }`. Personal access tokens (Settings → API tokens) work as ' +
        '`Authorization: Bearer bsm_pat_…`; each has its own rate limit, reported on every answer in the ' +
        '`RateLimit` and `RateLimit-Policy` headers (draft-ietf-httpapi-ratelimit-headers-08). ' +
        'New here? [Build a Bot](/guides/build-a-bot) walks from a personal token to a bot that watches an ' +
        'item and makes an offer, in TypeScript and Python. ' +
        MONEY_DESCRIPTION,
    },
    paths,
    components: {
      schemas: {
        Error: errorBodySchema,
        Listing: listingSchema,
        Offer: offerSchema,
        Copper: copperSchema,
        Denomination: denominationSchema,
        ...itemNameComponents(),
      },
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The session token of POST /api/auth/login; it can do everything the account can.',
        },
        personalToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_TOKEN_PREFIX}<random>`,
          description:
            'A personal access token with the scopes `read` and/or `trade`. It can never change the account.',
        },
      },
      headers: {
        RateLimit: {
          description:
            'Per limit this request was counted against: `"name";r=<remaining>;t=<seconds until reset>`. Sent by ' +
            "routes with limits of their own and on every answer to a personal token (the token's own limits).",
          schema: { type: 'string' },
        },
        'RateLimit-Policy': {
          description: 'Per limit this request was counted against: `"name";q=<quota>;w=<window seconds>`.',
          schema: { type: 'string' },
        },
        'Retry-After': {
          description: 'Seconds to wait before trying again.',
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
        ETag: {
          description:
            'A weak validator of the answer; send it back in `If-None-Match` to get 304 while it holds.',
          schema: { type: 'string' },
        },
        Allow: {
          description: 'The methods this path takes, comma separated (`GET, HEAD` for a read).',
          required: true,
          schema: { type: 'string' },
        },
        'X-Total-Count': {
          description: 'How many items match in all, over every page.',
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
        'X-Unread-Count': {
          description: "How many of the caller's notifications are unread.",
          required: true,
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
      },
    },
  });
}
