import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import { buildAsyncApiDocument } from '../../asyncapi/document';
import { PAGE_STYLE_HASH, renderRealtimePage } from '../../asyncapi/page';
import type { Config } from '../../config';
import { projectRoot } from '../../lib/project-root';
import { buildOpenApiDocument } from '../../openapi/document';

/** Scalar's self-contained browser build, served by us: the reference page loads nothing from a CDN. */
const SCALAR_SCRIPT = path.join(projectRoot, 'node_modules/@scalar/api-reference/dist/browser/standalone.js');

/**
 * Scalar adds its styles as style elements, which the site-wide CSP forbids; this page alone allows
 * them. Scripts stay same-origin files, and the page is never framed.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
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

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Brighter Shores Market API</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="/api/docs/scalar.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

/**
 * Starts Scalar on the document; a file rather than an inline script so the CSP needs no exception.
 * Everything that would reach Scalar's servers (fonts, the AI agent and its API registry, telemetry,
 * the hosted developer tools) is off.
 */
const START_SCRIPT = `Scalar.createApiReference('#app', {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  telemetry: false,
});
`;

/**
 * GET /api/openapi.json (generated once per process from the zod schemas) and the reference page at
 * /api/docs. The page and its 3.5 MB renderer are only ever requested by someone opening it, so the
 * app's own pages never load them. The realtime API's AsyncAPI document (GET /api/asyncapi.json) and
 * its page (GET /api/docs/realtime) are built on their first request, once per process.
 */
export function docsRoutes(config: Pick<Config, 'PUBLIC_URL'>): Router {
  const version = (
    JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const document = JSON.stringify(buildOpenApiDocument(version));
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
      ctx.set('Content-Security-Policy', DOCS_CSP);
      ctx.type = 'html';
      ctx.body = DOCS_PAGE;
    })
    .get('/docs/scalar.js', (ctx) => {
      ctx.type = 'js';
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.body = createReadStream(SCALAR_SCRIPT);
    })
    .get('/docs/start.js', (ctx) => {
      ctx.type = 'js';
      ctx.body = START_SCRIPT;
    });
}
