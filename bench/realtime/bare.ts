// The baseline for bench/realtime.ts: a bare `ws` server (no app, no database, no authentication) in a
// process of its own. POST /broadcast sends the request body, as received, to every open socket: the
// least any server can do to deliver one message to n sockets on this machine.
import http from 'node:http';
import { WebSocketServer } from 'ws';
import { serve, serverHandlers } from './ipc.ts';

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/broadcast') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const message = Buffer.concat(chunks).toString('utf8');
    for (const socket of wss.clients) socket.send(message);
    res.writeHead(204).end();
  });
});
const wss = new WebSocketServer({ server, path: '/ws' });
await new Promise<void>((resolve) =>
  server.listen(Number(process.env.BENCH_PORT ?? 0), '127.0.0.1', resolve),
);
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

serve({
  ...serverHandlers(),
  close: async () => {
    for (const socket of wss.clients) socket.terminate();
    server.close();
    process.exit(0);
  },
});

process.send?.({ type: 'ready', baseUrl: `http://127.0.0.1:${port}` });
