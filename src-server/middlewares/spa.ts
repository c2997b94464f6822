import { createReadStream, existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { badRequest } from '../errors';
import { chooseEncoding, compressBody, COMPRESS_THRESHOLD, type Encoding } from './compression';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The types worth compressing; images and fonts come compressed already. */
const TEXT = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt']);

/**
 * The client's text files, compressed on their first request per encoding and then sent as they are:
 * compressing them on every request cost the server about 0.2 CPU-s per first visit (a browser with an
 * empty cache fetches some 500 KB of scripts and styles). Keyed by modification time and size, so a file
 * rebuilt in place is compressed again; the bound holds a whole build in both encodings several times over.
 */
const compressedFiles = new LRUCache<string, Buffer>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (body) => body.length,
});

function compressedFile(file: string, stats: Stats, encoding: Encoding): Buffer {
  const key = `${encoding} ${stats.mtimeMs} ${stats.size} ${file}`;
  let body = compressedFiles.get(key);
  if (!body) compressedFiles.set(key, (body = compressBody(readFileSync(file), encoding)));
  return body;
}

/** Vite's output names, `/assets/<name>-<hash>.<ext>`: a new build gives changed content a new name. */
const HASHED_ASSET = /^\/assets\/.+-[\w-]{8,}\.\w+$/;

/** Extra tags for the <head> of one page (crawlers run no scripts, so link previews need them here). */
export type HeadRenderer = (ctx: Context) => Promise<string | null>;

/**
 * Serves the built client: files under `root`, and index.html for any other GET that is not the API,
 * so deep links such as /listing/5 load. Not koa-send: it would take only the file branch, and that with
 * its defaults undone (its .js type and Cache-Control, precompressed siblings, its 400/403/404 throws
 * caught to fall back to index.html), so it would add code rather than remove it.
 */
export function spa(root: string, renderHead?: HeadRenderer): Middleware {
  const indexFile = path.join(root, 'index.html');
  let indexHtml: string | null = null;
  const readIndex = () => (indexHtml ??= existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null);

  return async (ctx, next) => {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path.startsWith('/api/') ||
      ctx.path === '/api'
    ) {
      return next();
    }
    const file = path.join(root, path.normalize(decodePath(ctx.path)).replace(/^(\.\.[/\\])+/, ''));
    const stats = file.startsWith(root) && file !== root && existsSync(file) ? statSync(file) : null;
    if (stats?.isFile()) {
      const extension = path.extname(file);
      ctx.type = TYPES[extension] ?? 'application/octet-stream';
      ctx.set(
        'Cache-Control',
        HASHED_ASSET.test(ctx.path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
      const encoding = TEXT.has(extension) && stats.size >= COMPRESS_THRESHOLD ? chooseEncoding(ctx) : null;
      if (encoding) {
        ctx.vary('Accept-Encoding');
        ctx.set('Content-Encoding', encoding);
        ctx.body = compressedFile(file, stats, encoding);
      } else {
        ctx.length = stats.size;
        ctx.body = createReadStream(file);
      }
      return;
    }
    const html = readIndex();
    if (!html) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The client is not built. Run `npm run build` (npm start does it for you).';
      return;
    }
    const head = renderHead ? await renderHead(ctx) : null;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = head ? withHead(html, head) : html;
  };
}

function decodePath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    throw badRequest('Malformed URL');
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Adds the page's tags. Each title or meta tag the page gives replaces the template's one (og:title,
 * description ...) instead of doubling it. The page text goes in through replacer functions, so `$'`
 * or `$&` in a listing's text is inserted as written, never read as a replacement pattern.
 */
function withHead(html: string, head: string): string {
  let page = html;
  if (head.includes('<title>')) page = page.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  for (const [, attr, key] of head.matchAll(/<meta (name|property)="([^"]+)"/g)) {
    page = page.replace(new RegExp(`<meta ${attr}="${escapeRegExp(key)}"[^>]*>\\s*`), '');
  }
  return page.replace('</head>', () => `${head}\n</head>`);
}
