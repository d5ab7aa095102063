// METRICS_PORT: /metrics on a listener of its own, bound to 127.0.0.1 and without a token (whatever can reach
// loopback runs on this machine already). Plain node:http: nothing of the app's stack is needed here.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';

export async function startLoopbackServer(port: number, registry: Registry, log: FastifyBaseLogger) {
  const server = createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (err: unknown) => {
        log.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"Scrape failed"}');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new Error(`METRICS_PORT ${port}: ${err.message}`)));
    server.listen(port, '127.0.0.1', () => resolve());
  });
  log.info({ port: (server.address() as AddressInfo).port }, 'metrics listening on 127.0.0.1');
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
