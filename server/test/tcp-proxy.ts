// A TCP proxy for fault tests: the app connects to PostgreSQL through it, and the test cuts it.
//   const proxy = await startTcpProxy('127.0.0.1', 5432);   // proxy.port
//   proxy.cut();          // destroys every open connection and refuses new ones (ECONNREFUSED)
//   proxy.cut('hang');    // destroys every open connection; new ones are accepted and never answered
//   await proxy.restore();
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections accepted so far (forwarded or not). */
  readonly accepted: number;
  cut(mode?: 'refuse' | 'hang'): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let mode: 'up' | 'refuse' | 'hang' = 'up';
  let accepted = 0;

  const server = net.createServer((client) => {
    accepted++;
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    if (mode !== 'up') return; // 'hang': a black hole (refuse never gets here: the server is closed)
    const upstream = net.connect(targetPort, targetHost);
    open.add(upstream);
    upstream.on('close', () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => {});
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const destroyAll = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };

  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    get accepted() {
      return accepted;
    },
    async cut(how = 'refuse') {
      mode = how;
      // close() only stops accepting; the callback waits for open connections, which we destroy now.
      const stopped = how === 'refuse' ? stopListening() : Promise.resolve();
      destroyAll();
      await stopped;
    },
    async restore() {
      destroyAll(); // black-holed connections: their clients see them drop and open new ones
      mode = 'up';
      if (!server.listening) await listen(port);
    },
    async close() {
      mode = 'refuse';
      const stopped = stopListening();
      destroyAll();
      await stopped;
    },
  };
}
