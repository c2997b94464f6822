import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AnalyticsCollector {
  /** Use as ANALYTICS_URL. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A stand-in analytics service on its own origin: it accepts POSTed JSON events (answering the CORS
 * preflight a browser sends first) lists what it received at GET /events
 * and forgets it at DELETE /events.
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
    if (req.method === 'DELETE' && req.url === '/events') {
      events.length = 0;
      return void res.writeHead(204).end();
    }
    if (req.method !== 'POST') return void res.writeHead(405).end();
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      try {
        events.push(JSON.parse(body));
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
