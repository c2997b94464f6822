import http from 'node:http';

/**
 * The listings benchmark's baseline: node:http answering every request with one JSON body from memory.
 * A PUT replaces the body (and is answered 204), so one process serves each scenario's page in turn.
 */
let body = Buffer.from(process.env.BODY ?? '[]');
http
  .createServer((req, res) => {
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        body = Buffer.concat(chunks);
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
