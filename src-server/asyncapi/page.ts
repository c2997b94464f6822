import { createHash } from 'node:crypto';
import { escapeHtml } from '../lib/escape-html';
import {
  REFERENCE_STYLE,
  markdownBlock as block,
  markdownInline as inline,
  slug,
} from '../lib/reference-html';
import type { AsyncApiDocument, AsyncApiMessage, AsyncApiOperation } from './document';
import { schemaAnchor, schemaHtml, typeHtml } from './schema-html';

const eventAnchor = (event: string) => `event-${slug(event)}`;
const roomAnchor = (channel: string) => `room-${channel}`;

const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1d21; --muted: #4a5058; --line: #cdd2d8;
  --code: #f1f3f5; --link: #0a55c2; --accent: #1d6b3a; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #14171b; --fg: #e8eaed; --muted: #b3b9c2; --line: #3a4048; --code: #22272e;
    --link: #8ab8ff; --accent: #7bd39b; }
}
${REFERENCE_STYLE}`;

/** The style element's hash, for a CSP that allows it and nothing else inline. */
export const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

function messageOf(document: AsyncApiDocument, ref: string): AsyncApiMessage {
  const channel = document.channels[ref.split('/')[2]];
  return document.components.messages[refName(channel.messages[refName(ref)].$ref)];
}

function payload(document: AsyncApiDocument, message: AsyncApiMessage, caption: string): string {
  const name = refName(message.payload.$ref);
  return (
    `<p>Schema: ${typeHtml(message.payload)}</p>` +
    schemaHtml(document.components.schemas[name], caption, inline)
  );
}

function roomLink(document: AsyncApiDocument, ref: string): string {
  const channel = refName(ref);
  const { address, title } = document.channels[channel];
  return `<a href="#${roomAnchor(channel)}">${escapeHtml(title)}</a> (<code>${escapeHtml(address ?? '')}</code>)`;
}

function clientEvent(document: AsyncApiDocument, operation: AsyncApiOperation): string {
  const message = messageOf(document, operation.messages[0].$ref);
  const ack = messageOf(document, operation.reply!.messages[0].$ref);
  const errors = (operation['x-errors'] ?? []).map((error) => `<li><code>${escapeHtml(error)}</code></li>`);
  return `<section>
<h3 id="${eventAnchor(operation.title)}"><code>${escapeHtml(operation.title)}</code></h3>
<p><span class="direction">Client to server.</span> ${inline(operation.summary)}.</p>
${operation.description ? block(operation.description) : ''}
<dl><dt>Room</dt><dd>${roomLink(document, operation['x-room']!.$ref)}</dd>
<dt>Acknowledgement</dt><dd>${operation['x-ack-optional'] ? 'optional' : 'expected: the answer comes only through it'}</dd></dl>
<h4>Payload</h4>${payload(document, message, `${operation.title} payload`)}
<h4>Acknowledgement</h4>${payload(document, ack, `${operation.title} acknowledgement`)}
<p>A refusal's <code>error</code> is one of:</p><ul>${errors.join('')}</ul>
</section>`;
}

const OFFSET_NOTE: Record<AsyncApiMessage['x-trailing-offset'], string> = {
  always: 'after the payload, always',
  'single process only': 'after the payload when the servers run as one process; none behind several',
  never: 'none',
};

/** One event's section, from its receive operations: one per room it is sent to. */
function serverEvent(document: AsyncApiDocument, [operation, ...others]: AsyncApiOperation[]): string {
  const message = messageOf(document, operation.messages[0].$ref);
  const rooms = [operation, ...others].map((op) => roomLink(document, op.channel.$ref));
  return `<section>
<h3 id="${eventAnchor(operation.title)}"><code>${escapeHtml(operation.title)}</code></h3>
<p><span class="direction">Server to client.</span> ${inline(message.summary)}.</p>
${message.description ? block(message.description) : ''}
<dl><dt>${others.length > 0 ? 'Rooms' : 'Room'}</dt><dd>${rooms.join(' and ')}</dd>
<dt>Offset argument</dt><dd>${OFFSET_NOTE[message['x-trailing-offset']]}</dd></dl>
<h4>Payload</h4>${payload(document, message, `${operation.title} payload`)}
</section>`;
}

function rooms(document: AsyncApiDocument): string {
  const rows = Object.entries(document.channels)
    .filter(([, channel]) => channel.address !== null)
    .map(([id, channel]) => {
      const events = Object.values(channel.messages)
        .map((ref) => document.components.messages[refName(ref.$ref)].name)
        .map((event) => `<a href="#${eventAnchor(event)}"><code>${escapeHtml(event)}</code></a>`);
      return (
        `<tr><th scope="row" id="${roomAnchor(id)}"><code>${escapeHtml(channel.address ?? '')}</code></th>` +
        `<td>${escapeHtml(channel.title)}</td><td>${inline(channel.description)}</td><td>${events.join(', ')}</td></tr>`
      );
    });
  return (
    '<div class="table" role="region" aria-label="Rooms" tabindex="0"><table><caption>Rooms</caption>' +
    '<thead><tr><th scope="col">Room</th><th scope="col">Who</th><th scope="col">How a socket is in it</th>' +
    '<th scope="col">Events</th></tr></thead>' +
    `<tbody>${rows.join('')}</tbody></table></div>`
  );
}

/** The contents: the overview's own sections, then the rooms, the events and the schemas. */
function contents(document: AsyncApiDocument, client: AsyncApiOperation[], server: AsyncApiOperation[][]) {
  const sections = [...document.info.description.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  const list = (items: string[], anchor: (item: string) => string) =>
    `<ol>${items.map((item) => `<li><a href="#${anchor(item)}"><code>${escapeHtml(item)}</code></a></li>`).join('')}</ol>`;
  return `<nav aria-label="Contents"><h2>Contents</h2><ol>
${sections.map((title) => `<li><a href="#${slug(title)}">${escapeHtml(title)}</a></li>`).join('')}
<li><a href="#rooms">Rooms</a></li>
<li><a href="#client-events">Client-to-server events</a>${list(
    client.map((op) => op.title),
    eventAnchor,
  )}</li>
<li><a href="#server-events">Server-to-client events</a>${list(
    server.map(([op]) => op.title),
    eventAnchor,
  )}</li>
<li><a href="#schemas">Schemas</a>${list(Object.keys(document.components.schemas), schemaAnchor)}</li>
</ol></nav>`;
}

/**
 * The realtime API for a person to read (GET /api/docs/realtime), rendered on the server from the
 * AsyncAPI document itself: no script, one hashed style element, light and dark as the reader prefers.
 */
export function renderRealtimePage(document: AsyncApiDocument): string {
  const operations = Object.values(document.operations);
  const client = operations.filter((op) => op.action === 'send');
  // An event sent to several rooms has a receive operation per room: its section shows them all.
  const byEvent = new Map<string, AsyncApiOperation[]>();
  for (const op of operations.filter((o) => o.action === 'receive')) {
    byEvent.set(op.title, [...(byEvent.get(op.title) ?? []), op]);
  }
  const events = [...byEvent.values()];
  const { host, protocol, pathname } = document.servers.market;
  const schemas = Object.entries(document.components.schemas).map(
    ([name, schema]) =>
      `<section><h3 id="${schemaAnchor(name)}">${escapeHtml(name)}</h3>` +
      `${schemaHtml(schema, `Fields of ${name}`, inline)}</section>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="color-scheme" content="light dark" />
<title>${escapeHtml(document.info.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header>
<p><a href="/api/docs">REST API reference</a> · <a href="/api/asyncapi.json">This document as AsyncAPI ${escapeHtml(document.asyncapi)} (JSON)</a></p>
<h1>${escapeHtml(document.info.title)}</h1>
<p>Version ${escapeHtml(document.info.version)} · Socket.IO at <code>${escapeHtml(`${protocol}://${host}${pathname}`)}</code></p>
</header>
<div class="layout">
${contents(document, client, events)}
<main id="main">
${block(document.info.description)}
<h2 id="rooms">Rooms</h2>
${rooms(document)}
<h2 id="client-events">Client-to-server events</h2>
${client.map((op) => clientEvent(document, op)).join('\n')}
<h2 id="server-events">Server-to-client events</h2>
${events.map((ops) => serverEvent(document, ops)).join('\n')}
<h2 id="schemas">Schemas</h2>
${schemas.join('\n')}
</main>
</div>
</body>
</html>
`;
}
