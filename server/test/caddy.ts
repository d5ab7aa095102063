// Debian's Caddy with the project's deploy/Caddyfile, for the reverse-proxy test: on free high ports, with its
// data (and its internal CA) under .tmp, never in ~ or the system's trust store. HTTPS requests to it (or
// straight to an instance) from a chosen loopback address, trusting that CA.
//   const caddy = await startCaddy({ upstreams: [a.base, b.base] });   // caddy.base, caddy.ca
//   await httpsCall(caddy.base, '/api/health', { ca: caddy.ca, localAddress: '127.0.0.2' });
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Why Caddy cannot run here, or undefined when `caddy` is on the PATH. */
export function caddyMissing(): string | undefined {
  const found = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  return found.status === 0
    ? undefined
    : "caddy was not found: install Debian's caddy (bash scripts/ensure-caddy.sh, as root)";
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningCaddy {
  /** https://localhost:PORT, the site Caddy serves (PUBLIC_URL of the instances behind it). */
  base: string;
  /** The root certificate of Caddy's internal CA (PEM), for the clients to trust. */
  ca: string;
  readonly output: string;
  stop(): Promise<void>;
}

export interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/**
 * One request from `localAddress` (a loopback address of the test's choosing: Caddy sees it as the client's),
 * over https trusting `ca`, or plain http straight to an instance. JSON in, JSON (or text) out.
 */
export function httpsCall(
  base: string,
  url: string,
  opts: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    ca?: string;
    localAddress?: string;
  } = {},
): Promise<Response> {
  const target = new URL(url, base);
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      target,
      {
        method: opts.method ?? 'GET',
        family: 4,
        localAddress: opts.localAddress,
        ...(opts.ca && { ca: opts.ca }),
        agent: false,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * `caddy run` with deploy/Caddyfile in front of `upstreams` (http://127.0.0.1:PORT bases); resolves once it
 * serves https with a certificate from its CA and the first upstream answers /api/health through it.
 */
export async function startCaddy(
  opts: { upstreams: string[]; httpsPort?: number },
  timeoutMs = 30_000,
): Promise<RunningCaddy> {
  const httpsPort = opts.httpsPort ?? (await freePort());
  const [httpPort, adminPort] = [await freePort(), await freePort()];
  await mkdir(path.join(root, '.tmp'), { recursive: true });
  const dir = await mkdtemp(path.join(root, '.tmp', 'caddy-'));
  const child = spawn(
    'caddy',
    ['run', '--config', path.join(root, 'deploy', 'Caddyfile'), '--adapter', 'caddyfile'],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, 'data'),
        XDG_CONFIG_HOME: path.join(dir, 'config'),
        CADDY_ADMIN: `127.0.0.1:${adminPort}`,
        CADDY_HTTP_PORT: String(httpPort),
        CADDY_HTTPS_PORT: String(httpsPort),
        TL_SITE: 'localhost',
        TL_UPSTREAMS: opts.upstreams.map((u) => new URL(u).host).join(' '),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited(child);
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const base = `https://localhost:${httpsPort}`;
  const rootCert = path.join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + timeoutMs;
  let last = 'nothing yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    if (existsSync(rootCert)) {
      const ca = readFileSync(rootCert, 'utf8');
      try {
        const health = await httpsCall(base, '/api/health', { ca });
        if (health.status === 200) {
          return {
            base,
            ca,
            get output() {
              return output;
            },
            stop,
          };
        }
        last = `HTTP ${health.status}`;
      } catch (err) {
        last = (err as Error).message;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`Caddy did not serve ${base} (last: ${last}):\n${output}`);
}
