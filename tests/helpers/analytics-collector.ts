import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AnalyticsCollector {
  /** Use as ANALYTICS_URL. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A stand-in analytics service on its own origin: it accepts POSTed JSON events (answering the CORS
 * preflight a browser sends first) and lists what it received at GET /events, each with its sender's
 * User-Agent.
 */
export async function startAnalyticsCollector(): Promise<AnalyticsCollector> {
  const events: unknown[] = [];
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'content-type');
    res.setHeader('Access-Control-Allow-Methods', 'POST');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method === 'GET' && req.url === '/events') {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(events));
    }
    if (req.method !== 'POST') return void res.writeHead(405).end();
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      try {
        // The sender's User-Agent, so a test can tell its own browser's events from other files'.
        events.push({ ...JSON.parse(body), userAgent: req.headers['user-agent'] ?? null });
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/collect`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
