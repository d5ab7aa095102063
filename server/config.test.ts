import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig, trustProxyOption } from './config.ts';

const fails = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('gives the embedded defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      secureCookies: false,
      auth: { provider: 'local' },
      storage: 'local',
      billing: { provider: 'sandbox' },
      http: {
        idleTimeoutMs: 60_000,
        headersTimeoutMs: 20_000,
        bodyTimeoutMs: 30_000,
        keepAliveTimeoutMs: 72_000,
      },
    });
    expect(fails({ HTTP_BODY_TIMEOUT_MS: '5' })).toBe(
      'Invalid configuration: HTTP_BODY_TIMEOUT_MS must be at least 100',
    );
    expect(c.writeLimitFactor).toBe(1);
    expect(loadConfig({ WRITE_LIMIT_FACTOR: '2.5' }).writeLimitFactor).toBe(2.5);
    for (const bad of ['0', '5000']) {
      expect(fails({ WRITE_LIMIT_FACTOR: bad })).toBe(
        'Invalid configuration: WRITE_LIMIT_FACTOR must be between 0.1 and 1000',
      );
    }
    expect(fails({ WRITE_LIMIT_FACTOR: 'lots' })).toBe(
      'Invalid configuration: WRITE_LIMIT_FACTOR must be a number',
    );
  });

  it('reads the real-time bus settings, with clear errors', () => {
    const db = 'postgres://db.internal/threadline';
    expect(loadConfig({}).realtime).toEqual({
      bus: undefined,
      redisUrl: undefined,
      redisChannel: 'threadline_events',
    });
    expect(loadConfig({ DATABASE_URL: db }).realtime.bus).toBeUndefined();
    expect(
      loadConfig({
        DATABASE_URL: db,
        REALTIME_BUS: 'redis',
        REDIS_URL: 'redis://cache:6379',
        REDIS_CHANNEL: 'tl:prod',
      }).realtime,
    ).toEqual({ bus: 'redis', redisUrl: 'redis://cache:6379', redisChannel: 'tl:prod' });
    expect(loadConfig({ DATABASE_URL: db, REALTIME_BUS: 'postgres' }).realtime.bus).toBe('postgres');
    expect(loadConfig({ REALTIME_BUS: 'memory' }).realtime.bus).toBe('memory');
    expect(fails({ REALTIME_BUS: 'kafka' })).toBe(
      'Invalid configuration: REALTIME_BUS must be postgres, redis or memory',
    );
    expect(fails({ DATABASE_URL: db, REALTIME_BUS: 'redis' })).toBe(
      'Invalid configuration: REDIS_URL is required when REALTIME_BUS=redis',
    );
    expect(fails({ REDIS_URL: 'http://cache:6379' })).toBe(
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL',
    );
    expect(fails({ REALTIME_BUS: 'redis', REDIS_URL: 'redis://cache' })).toBe(
      'Invalid configuration: REALTIME_BUS must be memory or unset without DATABASE_URL (the embedded database runs one instance)',
    );
    expect(fails({ REALTIME_BUS: 'postgres' })).toBe(
      'Invalid configuration: REALTIME_BUS must be memory or unset without DATABASE_URL (the embedded database runs one instance)',
    );
    expect(fails({ DATABASE_URL: db, REALTIME_BUS: 'memory' })).toBe(
      'Invalid configuration: REALTIME_BUS must be postgres or redis with DATABASE_URL (instances on one database share events)',
    );
    expect(fails({ REDIS_CHANNEL: 'has space' })).toBe(
      'Invalid configuration: REDIS_CHANNEL must be 1 to 100 letters, digits, and _ : . -',
    );
  });

  it('runs PGlite in a worker thread only when PGLITE_WORKER=on', () => {
    expect(loadConfig({}).pgliteWorker).toBe(false);
    expect(loadConfig({ PGLITE_WORKER: 'on' }).pgliteWorker).toBe(true);
    expect(loadConfig({ PGLITE_WORKER: 'off' }).pgliteWorker).toBe(false);
    expect(fails({ PGLITE_WORKER: 'yes' })).toBe('Invalid configuration: PGLITE_WORKER must be on or off');
  });

  it('reads the metrics settings (off by default), with clear errors', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    const token = 'a-long-enough-token-123';
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' }).metrics).toEqual({ token, port: 9464 });
    expect(fails({ METRICS_TOKEN: 'short' })).toBe(
      'Invalid configuration: METRICS_TOKEN must be at least 16 characters',
    );
    expect(fails({ METRICS_TOKEN: 'has a space in the middle' })).toBe(
      'Invalid configuration: METRICS_TOKEN must be printable ASCII without spaces (it is sent in an HTTP header)',
    );
    expect(fails({ METRICS_PORT: 'nine' })).toBe('Invalid configuration: METRICS_PORT must be a number');
    expect(fails({ METRICS_PORT: '70000' })).toBe(
      'Invalid configuration: METRICS_PORT must be between 0 and 65535',
    );
    expect(fails({ PORT: '8080', METRICS_PORT: '8080' })).toBe(
      'Invalid configuration: METRICS_PORT must differ from PORT (it is a listener of its own, on 127.0.0.1)',
    );
  });

  it('honours PORT and DATA_DIR, and treats empty values as unset', () => {
    expect(loadConfig({ PORT: '8080', DATA_DIR: '/srv/tl', DATABASE_URL: '' })).toMatchObject({
      port: 8080,
      dataDir: '/srv/tl',
      databaseUrl: undefined,
    });
  });

  it('names the variable in one clear line', () => {
    expect(fails({ PORT: 'abc' })).toBe('Invalid configuration: PORT must be a number');
    expect(fails({ PORT: '70000' })).toBe('Invalid configuration: PORT must be between 0 and 65535');
    expect(fails({ DATABASE_URL: 'mysql://x' })).toBe(
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL',
    );
    expect(fails({ AUTH_PROVIDER: 'saml' })).toBe(
      'Invalid configuration: AUTH_PROVIDER must be local or oidc',
    );
    expect(fails({ SESSION_SECRET: 'short' })).toBe(
      'Invalid configuration: SESSION_SECRET must be at least 32 characters',
    );
    expect(fails({ PUBLIC_URL: 'example.com' })).toBe(
      'Invalid configuration: PUBLIC_URL must be an absolute URL',
    );
  });

  it('asks for what a chosen provider needs', () => {
    const msg = fails({ AUTH_PROVIDER: 'oidc' });
    expect(msg.split('\n')).toEqual([
      'Invalid configuration: OIDC_ISSUER_URL is required when AUTH_PROVIDER=oidc',
      'Invalid configuration: OIDC_CLIENT_ID is required when AUTH_PROVIDER=oidc',
      'Invalid configuration: PUBLIC_URL is required when AUTH_PROVIDER=oidc',
    ]);
    expect(fails({ STORAGE: 's3' })).toContain('S3_BUCKET is required when STORAGE=s3');
    expect(fails({ BILLING_PROVIDER: 'stripe' })).toContain(
      'STRIPE_SECRET_KEY is required when BILLING_PROVIDER=stripe',
    );
    expect(fails({ BILLING_PROVIDER: 'paypal' })).toBe(
      'Invalid configuration: BILLING_PROVIDER must be sandbox, stripe or off',
    );
  });

  it('mails through SMTP_URL only with PUBLIC_URL for the links, else into DATA_DIR/outbox', () => {
    expect(fails({ SMTP_URL: 'smtp://mail.example.org:587' })).toBe(
      'Invalid configuration: PUBLIC_URL is required when SMTP_URL is set (links in mail are built from it)',
    );
    expect(fails({ SMTP_URL: 'https://mail.example.org', PUBLIC_URL: 'https://tl.example.org' })).toBe(
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL',
    );
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.org', PUBLIC_URL: 'https://tl.example.org' }).mail,
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.org',
      from: 'Threadline <no-reply@tl.example.org>',
      pollMs: 5000,
    });
    expect(loadConfig({}).mail).toMatchObject({
      smtpUrl: undefined,
      from: 'Threadline <no-reply@localhost>',
    });
    expect(loadConfig({ MAIL_FROM: 'Club <club@example.org>' }).mail.from).toBe('Club <club@example.org>');
  });

  it('uses secure cookies when PUBLIC_URL is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://tl.example.org/' })).toMatchObject({
      publicUrl: 'https://tl.example.org',
      secureCookies: true,
    });
  });

  it('takes TRUST_PROXY as true, false, a hop count or a list of addresses and CIDRs', () => {
    const trust = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    for (const bad of ['proxy.example', '10.0.0.0/33', '1.2.3.4/8/1', 'maybe']) {
      expect(fails({ TRUST_PROXY: bad })).toBe(
        'Invalid configuration: TRUST_PROXY must be true, false, a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs',
      );
    }
  });

  it('makes Fastify believe only the trusted proxies in X-Forwarded-For', async () => {
    const ipWith = async (trustProxy: string, xff: string) => {
      const app = Fastify({
        trustProxy: trustProxyOption(loadConfig({ TRUST_PROXY: trustProxy }).trustProxy),
      });
      app.get('/', async (request) => ({ ip: request.ip }));
      const res = await app.inject({ url: '/', headers: { 'x-forwarded-for': xff } });
      await app.close();
      return res.json().ip;
    };
    // inject() connects from 127.0.0.1; the client wrote the leftmost entries itself.
    expect(await ipWith('1', '6.6.6.6, 192.0.2.7')).toBe('192.0.2.7');
    expect(await ipWith('2', '6.6.6.6, 192.0.2.7, 10.0.0.2')).toBe('192.0.2.7');
    expect(await ipWith('10.0.0.0/8, 127.0.0.1', '6.6.6.6, 192.0.2.7, 10.1.2.3')).toBe('192.0.2.7');
    expect(await ipWith('false', '6.6.6.6')).toBe('127.0.0.1');
  });

  it('accepts an http OIDC issuer only on loopback or with OIDC_ALLOW_HTTP=true', () => {
    const oidc = { AUTH_PROVIDER: 'oidc', OIDC_CLIENT_ID: 'tl', PUBLIC_URL: 'https://tl.example.org' };
    for (const issuer of ['http://localhost:8080/realms/x', 'http://127.0.0.5', 'http://[::1]:9000']) {
      expect(loadConfig({ ...oidc, OIDC_ISSUER_URL: issuer }).auth).toMatchObject({ insecure: true });
    }
    expect(loadConfig({ ...oidc, OIDC_ISSUER_URL: 'https://id.example.org' }).auth).toMatchObject({
      insecure: false,
    });
    expect(fails({ ...oidc, OIDC_ISSUER_URL: 'http://keycloak.lan:8080' })).toBe(
      'Invalid configuration: OIDC_ISSUER_URL must be an https:// URL (http:// is accepted for localhost, 127.0.0.0/8 and ::1, or with OIDC_ALLOW_HTTP=true)',
    );
    expect(
      loadConfig({ ...oidc, OIDC_ISSUER_URL: 'http://keycloak.lan:8080', OIDC_ALLOW_HTTP: 'true' }).auth,
    ).toMatchObject({ insecure: true });
    expect([
      isLoopbackHost('localhost'),
      isLoopbackHost('128.0.0.1'),
      isLoopbackHost('localhost.evil.com'),
    ]).toEqual([true, false, false]);
  });
});
