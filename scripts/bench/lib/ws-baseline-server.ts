import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The baseline for the realtime benchmark: a bare `ws` server that sends a posted payload to every
 * connected client, with compression off like the Socket.IO server. POST /broadcast answers after
 * the sends are queued, as the marketplace answers its POST after emitting.
 */
const port = Number(process.env.PORT);
const clients = new Set<WebSocket>();
const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/broadcast') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const payload = Buffer.concat(chunks).toString();
    for (const client of clients) client.send(payload);
    res.writeHead(204).end();
  });
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (socket) => {
  clients.add(socket);
  socket.on('close', () => clients.delete(socket));
});
server.listen(port, '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => {
  for (const client of clients) client.terminate();
  server.close(() => process.exit(0));
});
