import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/**
 * Wraps the HTTP handler so a graceful stop can end keep-alive connections. Once `drain()` is
 * called, every response not yet sent (in flight, or a new request on a connection that is still
 * open) carries `Connection: close`, and Node closes the connection after it. Without this, clients
 * that keep sending on keep-alive connections hold `server.close()` open until the forced exit.
 * Not http-terminator: it closes the server itself and destroys connections after a fixed timeout, while
 * the stop here lets requests in flight finish and closes Socket.IO, the stores and the database in order.
 */
export function drainable(handler: RequestListener): {
  handle: RequestListener;
  drain(): void;
} {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  return {
    handle(req: IncomingMessage, res: ServerResponse) {
      if (draining) {
        res.setHeader('Connection', 'close');
      } else {
        inFlight.add(res);
        res.once('close', () => inFlight.delete(res));
      }
      handler(req, res);
    },
    drain() {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      inFlight.clear();
    },
  };
}
