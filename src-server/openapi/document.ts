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
import { ENDPOINTS, type Access, type Endpoint } from './endpoints';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (`VALIDATION_ERROR`, with `field`).',
  401: 'No token, a bad one, or an ended session (`UNAUTHORIZED`, `TOKEN_EXPIRED`); an unverified login (`EMAIL_NOT_VERIFIED`).',
  403: 'Not allowed (`FORBIDDEN`), or a personal token without the scope this needs (`TOKEN_SCOPE`).',
  404: 'Not found (`NOT_FOUND`).',
  409: 'In conflict with the current state (`CONFLICT`).',
  429: 'Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds.',
  500: 'Unexpected (`INTERNAL_ERROR`).',
  503: 'The database is busy or unreachable (`DB_BUSY`, `DB_UNAVAILABLE`); retry after `Retry-After` seconds.',
};

const rateLimitHeaders = {
  RateLimit: { $ref: '#/components/headers/RateLimit' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
};

const retryAfter = { $ref: '#/components/headers/Retry-After' };
const etag = { $ref: '#/components/headers/ETag' };

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

function operation(endpoint: Endpoint): ZodOpenApiOperationObject {
  // Any route can be called with a personal access token, which is counted on every request.
  const headers = rateLimitHeaders;
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, { description, schema }] of Object.entries(endpoint.ok)) {
    responses[status] = {
      description,
      headers,
      ...(schema ? { content: { 'application/json': { schema } } } : {}),
    };
  }
  if (endpoint.conditional) {
    responses['200'] = { ...responses['200'], headers: { ...headers, ETag: etag } };
    responses['304'] = {
      description: 'Not modified: the `If-None-Match` of the request names the current `ETag`.',
      headers: { ETag: etag },
    };
  }
  const errors = new Set([...accessErrors(endpoint.access), ...(endpoint.errors ?? []), 429, 500, 503]);
  for (const status of [...errors].sort()) {
    if (responses[String(status)]) continue;
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status],
      headers: status === 429 || status === 503 ? { ...headers, 'Retry-After': retryAfter } : headers,
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
        'The REST API of the marketplace. Live events (Socket.IO) are described in docs/realtime.md. ' +
        'Every error answers `{ error, code }`. Personal access tokens (Settings → API tokens) work as ' +
        '`Authorization: Bearer bsm_pat_…`; each has its own rate limit, reported on every answer in the ' +
        '`RateLimit` and `RateLimit-Policy` headers (draft-ietf-httpapi-ratelimit-headers-08).',
    },
    paths,
    components: {
      schemas: {
        Error: errorBodySchema,
        Listing: listingSchema,
        Offer: offerSchema,
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
          description: 'Per limit counted: `"name";r=<remaining>;t=<seconds until reset>`.',
          schema: { type: 'string' },
        },
        'RateLimit-Policy': {
          description: 'Per limit counted: `"name";q=<quota>;w=<window seconds>`.',
          schema: { type: 'string' },
        },
        'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'string' } },
        ETag: {
          description:
            'A weak validator of the answer; send it back in `If-None-Match` to get 304 while it holds.',
          schema: { type: 'string' },
        },
      },
    },
  });
}
