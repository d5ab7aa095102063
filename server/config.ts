// Environment -> typed config (DECISIONS §1). A bad value stops start-up with one line naming the variable.
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, HOST_PATTERN } from './push/endpoint.ts';
import { keysMatch, privateKeyProblem, publicKeyProblem, type VapidKeys } from './push/keys.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = z.url({ message: 'must be an absolute URL' });

/** A duration in milliseconds, at least 100. */
const millis = z.coerce
  .number({ message: 'must be a number of milliseconds' })
  .int('must be a whole number')
  .min(100, 'must be at least 100');

/** localhost, 127.0.0.0/8 or ::1 (DECISIONS §2: an http OIDC issuer is accepted there). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

const isAddressOrCidr = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/** Fastify's trustProxy: true/false, a hop count, or the proxies' addresses and CIDRs (DECISIONS §3). */
const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(v)) return v === '1' ? 1 : true;
  if (['false', '0', 'no'].includes(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  if (entries.every(isAddressOrCidr)) return entries;
  ctx.addIssue({
    code: 'custom',
    message:
      'must be true, false, a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs',
  });
  return z.NEVER;
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(5000),
    HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
    // GET /metrics (server/metrics): with the token on the app's port, or on a loopback port of its own.
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in an HTTP header)')
      .optional(),
    METRICS_PORT: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .optional(),
    DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    // The embedded database in a thread of its own (server/db/pglite/worker.ts); ignored with DATABASE_URL.
    PGLITE_WORKER: z.enum(['on', 'off'], { message: 'must be on or off' }).default('off'),
    // The bus between instances (server/realtime): PostgreSQL's NOTIFY by default with DATABASE_URL, or Redis.
    REALTIME_BUS: z
      .enum(['postgres', 'redis', 'memory'], { message: 'must be postgres, redis or memory' })
      .optional(),
    REDIS_URL: z
      .url({ message: 'must be a redis:// or rediss:// URL' })
      .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')
      .optional(),
    REDIS_CHANNEL: z
      .string()
      .regex(/^[\w:.-]{1,100}$/, 'must be 1 to 100 letters, digits, and _ : . -')
      .default('threadline_events'),
    PUBLIC_URL: url.optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    AUTH_PROVIDER: z.enum(['local', 'oidc'], { message: 'must be local or oidc' }).default('local'),
    OIDC_ISSUER_URL: url.optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_ALLOW_HTTP: bool.default(false),
    STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
    S3_ENDPOINT: url.optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    S3_REQUEST_TIMEOUT_MS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .default(30_000),
    BILLING_PROVIDER: z
      .enum(['sandbox', 'stripe', 'off'], { message: 'must be sandbox, stripe or off' })
      .default('sandbox'),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PRICE_PRO_MONTHLY: z.string().min(1).optional(),
    STRIPE_PRICE_PRO_YEARLY: z.string().min(1).optional(),
    STRIPE_PRICE_COMMUNITY_MONTHLY: z.string().min(1).optional(),
    STRIPE_PRICE_COMMUNITY_YEARLY: z.string().min(1).optional(),
    // Where the Stripe API lives; tests point it at their local stand-in (server/test/stripe-standin.ts).
    STRIPE_API_URL: url.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxy.default(false),
    // Slow clients (DECISIONS §3): see server/http/timeouts.ts.
    HTTP_IDLE_TIMEOUT_MS: millis.default(60_000),
    HTTP_HEADERS_TIMEOUT_MS: millis.default(20_000),
    HTTP_BODY_TIMEOUT_MS: millis.default(30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: millis.default(72_000),
    // Scales every per-user write limit (server/http/write-limits.ts): 2 doubles them, 0.5 halves them.
    // Mail (DECISIONS §10): SMTP when set, else .eml files in DATA_DIR/outbox.
    SMTP_URL: z
      .url({ message: 'must be an smtp:// or smtps:// URL' })
      .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).max(320).optional(),
    // How often the mail worker looks for queued mail (it is also woken when this instance queues some).
    MAIL_POLL_MS: millis.default(5_000),
    // Web Push (issue 27): the VAPID pair (both or neither; neither: generated once into DATA_DIR), the contact
    // push services may write to, and the push services the server will send to (server/push/endpoint.ts).
    VAPID_PUBLIC_KEY: z.string().superRefine(keyCheck(publicKeyProblem)).optional(),
    VAPID_PRIVATE_KEY: z.string().superRefine(keyCheck(privateKeyProblem)).optional(),
    VAPID_SUBJECT: z
      .string()
      .refine((v) => /^mailto:[^\s@]+@[^\s@]+$/.test(v) || /^https:\/\/[^\s]+$/.test(v), {
        message: 'must be a mailto: address or an https:// URL',
      })
      .optional(),
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((hosts) => hosts.length > 0 && hosts.every((h) => HOST_PATTERN.test(h)), {
        message: 'must be a comma-separated list of host names (*.example.com allows its subdomains)',
      })
      .optional(),
    // Tests only: http:// push endpoints on loopback (the tests' local push service).
    PUSH_ALLOW_HTTP_LOOPBACK: bool.default(false),
    WRITE_LIMIT_FACTOR: z.coerce
      .number({ message: 'must be a number' })
      .min(0.1, 'must be between 0.1 and 1000')
      .max(1000, 'must be between 0.1 and 1000')
      .default(1),
    // The first feed pages kept in memory (issue 28), in bytes; 0 turns the cache off.
    FEED_CACHE_BYTES: z.coerce
      .number({ message: 'must be a number of bytes' })
      .int('must be a whole number of bytes')
      .min(0, 'must be 0 (off) or more')
      .default(64 * 1024 * 1024),
    // Sessions kept in memory with the embedded database (issue 28); 0 turns the cache off.
    SESSION_CACHE_ENTRIES: z.coerce
      .number({ message: 'must be a number of sessions' })
      .int('must be a whole number of sessions')
      .min(0, 'must be 0 (off) or more')
      .default(10_000),
    // Threadline access (membership and threadline row) kept in memory with the embedded database; 0: off.
    ACCESS_CACHE_ENTRIES: z.coerce
      .number({ message: 'must be a number of entries' })
      .int('must be a whole number of entries')
      .min(0, 'must be 0 (off) or more')
      .default(10_000),
  })
  .superRefine((env, ctx) => {
    const need = (cond: boolean, keys: (keyof typeof env)[], why: string) => {
      if (!cond) return;
      for (const key of keys) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required when ${why}` });
      }
    };
    need(
      env.AUTH_PROVIDER === 'oidc',
      ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'PUBLIC_URL'],
      'AUTH_PROVIDER=oidc',
    );
    const issuer = env.AUTH_PROVIDER === 'oidc' && env.OIDC_ISSUER_URL ? new URL(env.OIDC_ISSUER_URL) : null;
    if (issuer?.protocol === 'http:' && !isLoopbackHost(issuer.hostname) && !env.OIDC_ALLOW_HTTP) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER_URL'],
        message:
          'must be an https:// URL (http:// is accepted for localhost, 127.0.0.0/8 and ::1, or with OIDC_ALLOW_HTTP=true)',
      });
    }
    // Links in mail must reach the site from anywhere (DECISIONS §10).
    need(Boolean(env.SMTP_URL), ['PUBLIC_URL'], 'SMTP_URL is set (links in mail are built from it)');
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      const given = env.VAPID_PUBLIC_KEY ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `is required when ${given} is set (set both, or neither to have a pair generated in DATA_DIR)`,
      });
    } else if (
      env.VAPID_PUBLIC_KEY &&
      env.VAPID_PRIVATE_KEY &&
      !keysMatch({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY })
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'is not the public key of VAPID_PRIVATE_KEY',
      });
    }
    if (env.PUSH_ALLOW_HTTP_LOOPBACK && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_ALLOW_HTTP_LOOPBACK'],
        message: 'is only accepted with NODE_ENV=test',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT (it is a listener of its own, on 127.0.0.1)',
      });
    }
    need(env.REALTIME_BUS === 'redis', ['REDIS_URL'], 'REALTIME_BUS=redis');
    if (env.REALTIME_BUS && env.REALTIME_BUS !== 'memory' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REALTIME_BUS'],
        message: 'must be memory or unset without DATABASE_URL (the embedded database runs one instance)',
      });
    }
    if (env.REALTIME_BUS === 'memory' && env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REALTIME_BUS'],
        message: 'must be postgres or redis with DATABASE_URL (instances on one database share events)',
      });
    }
    need(env.STORAGE === 's3', ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], 'STORAGE=s3');
    need(
      env.BILLING_PROVIDER === 'stripe',
      ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
      'BILLING_PROVIDER=stripe',
    );
    // Each paid plan and period is a recurring Price in the Stripe dashboard.
    need(
      env.BILLING_PROVIDER === 'stripe',
      [
        'STRIPE_PRICE_PRO_MONTHLY',
        'STRIPE_PRICE_PRO_YEARLY',
        'STRIPE_PRICE_COMMUNITY_MONTHLY',
        'STRIPE_PRICE_COMMUNITY_YEARLY',
      ],
      'BILLING_PROVIDER=stripe (the id, price_..., of that plan and period in Stripe)',
    );
  });

export type Env = z.infer<typeof envSchema>;

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify now ignores bare hop counts (it cannot check the peer), so a
 * count becomes "trust the nearest N hops": right when the app is reachable only through those proxies.
 */
export function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((a: string, i: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGLITE_WORKER=on: PGlite runs in a worker thread (embedded database only). */
  pgliteWorker: boolean;
  publicUrl: string | undefined;
  /** True when PUBLIC_URL is https: cookies get Secure and the __Host- prefix. */
  secureCookies: boolean;
  sessionSecret: string | undefined;
  auth:
    | { provider: 'local' }
    | {
        provider: 'oidc';
        issuerUrl: string;
        clientId: string;
        clientSecret: string | undefined;
        /** The issuer is http://: on loopback, or allowed by OIDC_ALLOW_HTTP (warned at start-up). */
        insecure: boolean;
      };
  storage: Env['STORAGE'];
  s3: {
    endpoint: string | undefined;
    region: string;
    bucket: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
    /** A store silent this long on a socket is given up (503). */
    requestTimeoutMs: number;
  };
  billing: {
    provider: Env['BILLING_PROVIDER'];
    stripeSecretKey: string | undefined;
    stripePublishableKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    prices: Record<'proMonthly' | 'proYearly' | 'communityMonthly' | 'communityYearly', string | undefined>;
    /** STRIPE_API_URL: Stripe's API base (https://api.stripe.com when unset). */
    stripeApiUrl: string | undefined;
  };
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean | number | string[];
  mail: {
    /** SMTP_URL; undefined: mail is written to DATA_DIR/outbox as .eml files. */
    smtpUrl: string | undefined;
    from: string;
    pollMs: number;
  };
  /** Multiplies every per-user write limit (1: the defaults). */
  writeLimitFactor: number;
  /** FEED_CACHE_BYTES: the bound of the first feed pages kept in memory; 0: off. */
  feedCacheBytes: number;
  /** SESSION_CACHE_ENTRIES: sessions looked up from memory, embedded database only; 0: off. */
  sessionCacheEntries: number;
  /** ACCESS_CACHE_ENTRIES: threadline access read from memory, embedded database only; 0: off. */
  accessCacheEntries: number;
  push: {
    /** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; undefined: the pair generated into DATA_DIR (server/push/keys.ts). */
    vapid: VapidKeys | undefined;
    /** The JWT's `sub`: VAPID_SUBJECT, else a mailto: of MAIL_FROM's address, else PUBLIC_URL. */
    subject: string;
    /** The push services the server sends to (PUSH_ENDPOINT_HOSTS). */
    endpointHosts: string[];
    /** Tests only: http:// endpoints on loopback. */
    allowHttpLoopback: boolean;
  };
  /** GET /metrics: off when both are unset; the token guards the app's port, the port is loopback only. */
  metrics: { token: string | undefined; port: number | undefined };
  /**
   * The bus between instances: REALTIME_BUS, else (undefined) PostgreSQL's with a PostgreSQL database and the
   * in-process one on the embedded database. REDIS_URL and REDIS_CHANNEL serve bus=redis.
   */
  realtime: { bus: Env['REALTIME_BUS']; redisUrl: string | undefined; redisChannel: string };
  /** Slow clients: how long a connection may stay silent, and how long headers and a JSON body may take. */
  http: {
    idleTimeoutMs: number;
    headersTimeoutMs: number;
    bodyTimeoutMs: number;
    keepAliveTimeoutMs: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws ConfigError whose message is one line per bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as a shell `FOO=` usually means.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `Invalid configuration: ${String(i.path[0])} ${i.message}`);
    throw new ConfigError([...new Set(lines)].join('\n'));
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    pgliteWorker: e.PGLITE_WORKER === 'on',
    publicUrl,
    secureCookies: publicUrl?.startsWith('https://') ?? false,
    sessionSecret: e.SESSION_SECRET,
    auth:
      e.AUTH_PROVIDER === 'oidc'
        ? {
            provider: 'oidc',
            issuerUrl: e.OIDC_ISSUER_URL!,
            clientId: e.OIDC_CLIENT_ID!,
            clientSecret: e.OIDC_CLIENT_SECRET,
            insecure: e.OIDC_ISSUER_URL!.startsWith('http:'),
          }
        : { provider: 'local' },
    storage: e.STORAGE,
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      requestTimeoutMs: e.S3_REQUEST_TIMEOUT_MS,
    },
    billing: {
      provider: e.BILLING_PROVIDER,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      prices: {
        proMonthly: e.STRIPE_PRICE_PRO_MONTHLY,
        proYearly: e.STRIPE_PRICE_PRO_YEARLY,
        communityMonthly: e.STRIPE_PRICE_COMMUNITY_MONTHLY,
        communityYearly: e.STRIPE_PRICE_COMMUNITY_YEARLY,
      },
      stripeApiUrl: e.STRIPE_API_URL,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Threadline <no-reply@${mailDomain(publicUrl)}>`,
      pollMs: e.MAIL_POLL_MS,
    },
    writeLimitFactor: e.WRITE_LIMIT_FACTOR,
    feedCacheBytes: e.FEED_CACHE_BYTES,
    sessionCacheEntries: e.SESSION_CACHE_ENTRIES,
    accessCacheEntries: e.ACCESS_CACHE_ENTRIES,
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? vapidSubject(e.MAIL_FROM, publicUrl),
      endpointHosts: e.PUSH_ENDPOINT_HOSTS ?? [...DEFAULT_PUSH_ENDPOINT_HOSTS],
      allowHttpLoopback: e.PUSH_ALLOW_HTTP_LOOPBACK,
    },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    realtime: { bus: e.REALTIME_BUS, redisUrl: e.REDIS_URL, redisChannel: e.REDIS_CHANNEL },
    http: {
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: e.HTTP_BODY_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
  };
}

/** The sender's domain when MAIL_FROM is unset: PUBLIC_URL's host, else localhost. */
function mailDomain(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : 'localhost';
}

/** Checks a VAPID key with `problem` (server/push/keys.ts). */
function keyCheck(problem: (key: string) => string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const why = problem(value);
    if (why) ctx.addIssue({ code: 'custom', message: why });
  };
}

/**
 * Who push services can reach about this server's pushes: MAIL_FROM's address, else PUBLIC_URL (an https one),
 * else the default sender's address. Apple refuses a subject on localhost: set VAPID_SUBJECT or MAIL_FROM.
 */
function vapidSubject(mailFrom: string | undefined, publicUrl: string | undefined): string {
  const address =
    mailFrom?.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? mailFrom?.match(/^[^\s@<>]+@[^\s@<>]+$/)?.[0];
  if (address) return `mailto:${address}`;
  if (publicUrl?.startsWith('https://')) return publicUrl;
  return `mailto:no-reply@${mailDomain(publicUrl)}`;
}

/** The base of links in mail: PUBLIC_URL, else this server as seen from its own machine. */
export function linkBase(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
