import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    });
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

  it('uses secure cookies when PUBLIC_URL is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://tl.example.org/' })).toMatchObject({
      publicUrl: 'https://tl.example.org',
      secureCookies: true,
    });
  });
});
