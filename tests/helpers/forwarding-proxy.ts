import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardingProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A reverse proxy in front of `target` that appends the connecting client's address to
 * X-Forwarded-For, as nginx's `$proxy_add_x_forwarded_for` does: whatever the client wrote into the
 * header itself stays in front of it.
 */
export async function startForwardingProxy(target: string): Promise<ForwardingProxy> {
  const server = http.createServer((req, res) => {
    const client = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    const upstream = http.request(
      new URL(req.url ?? '/', target),
      {
        method: req.method,
        headers: { ...req.headers, 'x-forwarded-for': prior ? `${prior}, ${client}` : client },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * POSTs JSON from a chosen loopback source address (127.0.0.2, 127.0.0.3 ...), so a test can speak
 * as several different clients through the proxy.
 */
export function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
