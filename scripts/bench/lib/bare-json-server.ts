import http from 'node:http';

/** The listings benchmark's baseline: node:http answering every request with one JSON body from memory. */
const body = Buffer.from(process.env.BODY ?? '[]');
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
