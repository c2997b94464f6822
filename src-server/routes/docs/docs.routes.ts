import { readFileSync } from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import { buildAsyncApiDocument } from '../../asyncapi/document';
import { PAGE_STYLE_HASH, renderRealtimePage } from '../../asyncapi/page';
import type { Config } from '../../config';
import { projectRoot } from '../../lib/project-root';
import { buildOpenApiDocument } from '../../openapi/document';
import { REST_PAGE_STYLE_HASH, renderRestPages, type OpenApiDocument } from '../../openapi/page';

/**
 * The REST reference page runs one script, the app's own /theme.js (the reader's light or dark choice
 * before the first paint), and one hashed style element.
 */
const REST_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src ${REST_PAGE_STYLE_HASH}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The realtime API's page has no script and no resource besides its one style element. */
const REALTIME_CSP = [
  "default-src 'none'",
  `style-src ${PAGE_STYLE_HASH}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * GET /api/openapi.json (generated once per process from the zod schemas) and its pages for a person to
 * read at /api/docs (an overview, and a page per tag), rendered on the server from it on the first request. The realtime API's AsyncAPI
 * document (GET /api/asyncapi.json) and its page (GET /api/docs/realtime) are built on their first
 * request too, once per process.
 */
export function docsRoutes(config: Pick<Config, 'PUBLIC_URL'>): Router {
  const version = (
    JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const openApi = buildOpenApiDocument(version);
  const document = JSON.stringify(openApi);
  let restPages: ReturnType<typeof renderRestPages> | null = null;
  let realtime: { json: string; page: string } | null = null;
  const realtimeDocs = () => {
    if (realtime) return realtime;
    const asyncApi = buildAsyncApiDocument(version, config.PUBLIC_URL);
    realtime = { json: JSON.stringify(asyncApi), page: renderRealtimePage(asyncApi) };
    return realtime;
  };
  return new Router()
    .get('/asyncapi.json', (ctx) => {
      ctx.type = 'json';
      ctx.body = realtimeDocs().json;
    })
    .get('/docs/realtime', (ctx) => {
      ctx.set('Content-Security-Policy', REALTIME_CSP);
      ctx.type = 'html';
      ctx.body = realtimeDocs().page;
    })
    .get('/openapi.json', (ctx) => {
      ctx.type = 'json';
      ctx.body = document;
    })
    .get('/docs', (ctx) => {
      ctx.set('Content-Security-Policy', REST_CSP);
      ctx.type = 'html';
      restPages ??= renderRestPages(openApi as OpenApiDocument);
      // A tag's page (?tag=listings); the overview for none, or for a tag the document does not have.
      const tag = typeof ctx.query.tag === 'string' ? restPages.tags.get(ctx.query.tag) : undefined;
      ctx.body = tag ?? restPages.overview;
    });
}
