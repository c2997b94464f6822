import { createHash } from 'node:crypto';
import { schemaAnchor, schemaHtml, typeHtml } from '../asyncapi/schema-html';
import type { JsonSchema } from '../asyncapi/schemas';
import { escapeHtml } from '../lib/escape-html';
import {
  REFERENCE_STYLE,
  markdownBlock as block,
  markdownInline as inline,
  slug,
} from '../lib/reference-html';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}
interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: JsonSchema }>;
}
interface Operation {
  summary: string;
  tags?: string[];
  description?: string;
  security?: Record<string, string[]>[];
  'x-token-scope'?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, Response>;
}
/** The parts of the OpenAPI 3.1 document the page reads. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<string, { description?: string; bearerFormat?: string }>;
    headers?: Record<string, { description?: string; schema?: JsonSchema }>;
  };
}

/**
 * The site's two themes (the same colours as the app's), chosen as the app chooses: the reader's saved
 * choice (applied by /theme.js before the first paint), else dark.
 */
const STYLE = `
:root, html[data-theme='dark'] { color-scheme: dark; --bg: #0d1117; --fg: #e8edf3; --muted: #a3afbd;
  --line: #46556a; --code: #1f2733; --link: #3ddbc4; --accent: #7ff0de; --focus: #fcd34d; }
html[data-theme='light'] { color-scheme: light; --bg: #f4f6f9; --fg: #111827; --muted: #4a5565;
  --line: #9aa6b5; --code: #eaeef3; --link: #0b6e64; --accent: #07524b; --focus: #b45309; }
${REFERENCE_STYLE}
.method { font-weight: 700; text-transform: uppercase; }
.operation h3 code { font-size: 1rem; }
`;

/** The style element's hash, for a CSP that allows it and nothing else inline. */
export const REST_PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

interface Entry {
  method: string;
  path: string;
  operation: Operation;
}

const operationAnchor = ({ method, path }: Entry) => `op-${method}-${slug(path)}`;
const headerAnchor = (name: string) => `header-${slug(name)}`;
const endpointName = ({ method, path }: Entry) => `${method.toUpperCase()} ${path}`;

/** Who may call it, in words, from its security requirements and the scope a personal token needs. */
function access(operation: Operation): string {
  const schemes = (operation.security ?? []).map((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return 'Public: no token.';
  const anyToken = schemes.some((names) => names.includes('personalToken'));
  const optional = schemes.some((names) => names.length === 0);
  const scope = operation['x-token-scope'];
  const token = anyToken
    ? `a session token or a personal token${scope ? ` with the <code>${escapeHtml(scope)}</code> scope` : ''}`
    : 'a session token (a personal token is refused)';
  return optional ? `Public; with ${token}, answered as that player.` : `Needs ${token}.`;
}

const jsonSchema = (content: Record<string, { schema?: JsonSchema }> | undefined) =>
  content?.['application/json']?.schema;

/** Whether a schema is drawn as a table of fields below the answers rather than told in a word. */
const hasFields = (schema: JsonSchema) =>
  Boolean(schema.properties) ||
  Boolean((schema.items as JsonSchema | undefined)?.properties) ||
  (Array.isArray(schema.anyOf) && schema.anyOf.some((variant) => (variant as JsonSchema).properties));

function tableRegion(caption: string, head: string[], rows: string[]): string {
  return (
    `<div class="table" role="region" aria-label="${escapeHtml(caption)}" tabindex="0"><table>` +
    `<caption>${escapeHtml(caption)}</caption>` +
    `<thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table></div>`
  );
}

function parameters(entry: Entry): string {
  const list = entry.operation.parameters ?? [];
  if (list.length === 0) return '';
  const rows = list.map(
    (p) =>
      `<tr><th scope="row"><code>${escapeHtml(p.name)}</code></th><td>${escapeHtml(p.in)}</td>` +
      `<td>${p.schema ? typeHtml(p.schema) : ''}</td><td>${p.required ? 'yes' : 'no'}</td>` +
      `<td>${p.description ? inline(p.description) : ''}</td></tr>`,
  );
  return tableRegion(
    `Parameters of ${endpointName(entry)}`,
    ['Name', 'In', 'Type', 'Required', 'Description'],
    rows,
  );
}

function requestBody(entry: Entry): string {
  const schema = jsonSchema(entry.operation.requestBody?.content);
  if (!schema) return '';
  return `<h4>Request body (JSON)</h4>${schemaHtml(schema, `Request body of ${endpointName(entry)}`, inline)}`;
}

const errorAnchor = (status: string) => `error-${status}`;
const isError = (response: Response) => jsonSchema(response.content)?.$ref === ERROR_REF;
const ERROR_REF = '#/components/schemas/Error';

/**
 * Every error answer, told once: its meaning and headers are the same on every operation that can give
 * it, so an operation lists its error statuses as links here (one whose meaning differs stays in its own
 * table of answers).
 */
function sharedErrors(entries: Entry[]): Map<string, Response> {
  const errors = new Map<string, Response>();
  for (const { operation } of entries) {
    for (const [status, response] of Object.entries(operation.responses)) {
      if (isError(response) && !errors.has(status)) errors.set(status, response);
    }
  }
  return new Map([...errors].sort(([a], [b]) => a.localeCompare(b)));
}

function headerLinks(response: Response, leave: string[] = []): string {
  return Object.keys(response.headers ?? {})
    .filter((name) => !leave.includes(name))
    .map((name) => `<a href="#${headerAnchor(name)}"><code>${escapeHtml(name)}</code></a>`)
    .join(', ');
}

function responses(entry: Entry, errors: Map<string, Response>): string {
  const answers = Object.entries(entry.operation.responses);
  const shared = (status: string, response: Response) =>
    isError(response) && errors.get(status)?.description === response.description;
  const rows = answers
    .filter(([status, response]) => !shared(status, response))
    .map(([status, response]) => {
      const schema = jsonSchema(response.content);
      return (
        `<tr><th scope="row">${escapeHtml(status)}</th><td>${inline(response.description)}</td>` +
        `<td>${schema ? typeHtml(schema) : 'none'}</td><td>${headerLinks(response)}</td></tr>`
      );
    });
  const errorLinks = answers
    .filter(([status, response]) => shared(status, response))
    .map(([status]) => `<a href="#${errorAnchor(status)}">${escapeHtml(status)}</a>`);
  const bodies = answers.flatMap(([status, response]) => {
    const schema = jsonSchema(response.content);
    if (!schema || !hasFields(schema)) return [];
    return [schemaHtml(schema, `${status} answer of ${endpointName(entry)}`, inline)];
  });
  return (
    `<h4>Answers</h4>` +
    tableRegion(`Answers of ${endpointName(entry)}`, ['Status', 'Meaning', 'Body (JSON)', 'Headers'], rows) +
    bodies.join('') +
    (errorLinks.length
      ? `<p>Errors (an <a href="#schema-Error">Error</a> body): ${errorLinks.join(', ')}.</p>`
      : '')
  );
}

function errorsSection(errors: Map<string, Response>): string {
  const rows = [...errors].map(
    ([status, response]) =>
      `<tr><th scope="row" id="${errorAnchor(status)}">${escapeHtml(status)}</th>` +
      `<td>${inline(response.description)}</td><td>${headerLinks(response, ['RateLimit', 'RateLimit-Policy'])}</td></tr>`,
  );
  return (
    '<h2 id="errors">Errors</h2><p>Every error answers an <a href="#schema-Error">Error</a> body, ' +
    '<code>{ error, code }</code>; an operation lists the statuses it can answer. The <code>RateLimit</code> ' +
    'headers come with an error as with any other answer of the operation.</p>' +
    tableRegion('Errors', ['Status', 'Meaning', 'Own headers'], rows)
  );
}

function operationSection(entry: Entry, errors: Map<string, Response>): string {
  const { operation } = entry;
  return `<section class="operation" aria-labelledby="${operationAnchor(entry)}">
<h3 id="${operationAnchor(entry)}"><span class="method">${escapeHtml(entry.method)}</span> <code>${escapeHtml(entry.path)}</code></h3>
<p>${escapeHtml(operation.summary)}.</p>
${operation.description ? block(operation.description) : ''}
<p><strong>Access:</strong> ${access(operation)}</p>
${parameters(entry)}
${requestBody(entry)}
${responses(entry, errors)}
</section>`;
}

function authentication(document: OpenApiDocument): string {
  const schemes = Object.entries(document.components?.securitySchemes ?? {}).map(
    ([name, scheme]) =>
      `<dt><code>${escapeHtml(name)}</code></dt><dd>${inline(scheme.description ?? '')} ` +
      `Sent as <code>Authorization: Bearer ${escapeHtml(scheme.bearerFormat ?? '')}</code>.</dd>`,
  );
  return `<h2 id="authentication">Authentication</h2><dl>${schemes.join('')}</dl>`;
}

function headers(document: OpenApiDocument): string {
  const rows = Object.entries(document.components?.headers ?? {}).map(
    ([name, header]) =>
      `<tr><th scope="row" id="${headerAnchor(name)}"><code>${escapeHtml(name)}</code></th>` +
      `<td>${header.schema ? typeHtml(header.schema) : ''}</td><td>${inline(header.description ?? '')}</td></tr>`,
  );
  return `<h2 id="headers">Headers</h2>${tableRegion('Headers', ['Header', 'Type', 'Meaning'], rows)}`;
}

/** The operations by tag, in the order the document first names each tag. */
function byTag(document: OpenApiDocument): Map<string, Entry[]> {
  const tags = new Map<string, Entry[]>();
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? 'Other';
      tags.set(tag, [...(tags.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return tags;
}

/** The page of one tag's operations. */
export const tagPath = (tag: string) => `${DOCS_PATH}?tag=${slug(tag)}`;
const DOCS_PATH = '/api/docs';

function operationLink(tag: string, entry: Entry): string {
  return (
    `<a href="${tagPath(tag)}#${operationAnchor(entry)}"><span class="method">${escapeHtml(entry.method)}</span> ` +
    `<code>${escapeHtml(entry.path)}</code></a>`
  );
}

function overviewContents(tags: Map<string, Entry[]>, schemas: string[]): string {
  const schemaLinks = schemas.map(
    (name) => `<li><a href="#${schemaAnchor(name)}">${escapeHtml(name)}</a></li>`,
  );
  return `<nav aria-label="Contents"><h2>Contents</h2><ol>
<li><a href="#authentication">Authentication</a></li>
<li><a href="#headers">Headers</a></li>
<li><a href="#errors">Errors</a></li>
<li><a href="#operations">Operations</a><ol>${[...tags.keys()]
    .map((tag) => `<li><a href="${tagPath(tag)}">${escapeHtml(tag)}</a></li>`)
    .join('')}</ol></li>
<li><a href="#schemas">Schemas</a><ol>${schemaLinks.join('')}</ol></li>
</ol></nav>`;
}

/** Every operation in a word, by tag, each a link to its part of its tag's page. */
function operationIndex(tags: Map<string, Entry[]>): string {
  const groups = [...tags].map(
    ([tag, entries]) =>
      `<h3><a href="${tagPath(tag)}">${escapeHtml(tag)}</a></h3><ul>${entries
        .map((entry) => `<li>${operationLink(tag, entry)}: ${escapeHtml(entry.operation.summary)}</li>`)
        .join('')}</ul>`,
  );
  return `<h2 id="operations">Operations</h2>${groups.join('\n')}`;
}

function tagContents(tag: string, entries: Entry[], tags: Map<string, Entry[]>): string {
  return `<nav aria-label="Contents"><h2>Contents</h2><ol>
<li><a href="${DOCS_PATH}">Overview</a>: authentication, headers, errors, schemas</li>
${[...tags.keys()]
  .map((other) =>
    other === tag
      ? `<li><a href="${tagPath(tag)}" aria-current="page">${escapeHtml(tag)}</a><ol>${entries
          .map((entry) => `<li>${operationLink(tag, entry)}</li>`)
          .join('')}</ol></li>`
      : `<li><a href="${tagPath(other)}">${escapeHtml(other)}</a></li>`,
  )
  .join('\n')}
</ol></nav>`;
}

function page(title: string, document: OpenApiDocument, nav: string, main: string): string {
  return `<!doctype html>
<html lang="en" data-theme="dark">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<script src="/theme.js"></script>
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header>
<p><a href="/alllistings">Brighter Shores Market</a> · <a href="/guides/build-a-bot">Build a Bot</a> · <a href="/api/docs/realtime">Realtime API (Socket.IO)</a> · <a href="/api/openapi.json">This document as OpenAPI ${escapeHtml(document.openapi)} (JSON)</a></p>
<h1>${escapeHtml(title)}</h1>
<p>Version ${escapeHtml(document.info.version)}</p>
</header>
<div class="layout">
${nav}
<main id="main" tabindex="-1">
${main}
</main>
</div>
</body>
</html>
`;
}

/**
 * The REST API for a person to read (GET /api/docs), rendered on the server from the OpenAPI document
 * itself: one hashed style element, the site's light or dark theme (/theme.js, the app's own script,
 * applies the reader's choice). The overview holds what every operation shares (authentication,
 * headers, errors, the named schemas) and an index of the operations; each tag has a page of its
 * operations (GET /api/docs?tag=listings) with who may call each, its parameters, body and answers, so
 * that no page is the whole document at once.
 */
export function renderRestPages(document: OpenApiDocument): { overview: string; tags: Map<string, string> } {
  const tags = byTag(document);
  const errors = sharedErrors([...tags.values()].flat());
  const schemas = Object.entries(document.components?.schemas ?? {});
  const schemaSections = schemas.map(
    ([name, schema]) =>
      `<section><h3 id="${schemaAnchor(name)}">${escapeHtml(name)}</h3>` +
      `${schemaHtml(schema, `Fields of ${name}`, inline)}</section>`,
  );
  const overview = page(
    document.info.title,
    document,
    overviewContents(
      tags,
      schemas.map(([name]) => name),
    ),
    [
      document.info.description ? block(document.info.description) : '',
      authentication(document),
      headers(document),
      errorsSection(errors),
      operationIndex(tags),
      `<h2 id="schemas">Schemas</h2>`,
      ...schemaSections,
    ].join('\n'),
  );
  const tagPages = [...tags].map(([tag, entries]): [string, string] => {
    const main = entries.map((entry) => operationSection(entry, errors)).join('\n');
    // The shared parts are on the overview: a tag page's links to them go there.
    const linked = main.replace(/href="#(schema|header|error)-/g, `href="${DOCS_PATH}#$1-`);
    return [
      slug(tag),
      page(`${tag} · ${document.info.title}`, document, tagContents(tag, entries, tags), linked),
    ];
  });
  return { overview, tags: new Map(tagPages) };
}
