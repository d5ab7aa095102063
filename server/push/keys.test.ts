// VAPID keys and push configuration (issue 27): the environment's pair checked at start-up, else a pair
// generated once into DATA_DIR; the subject; the push-service allowlist.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../config.ts';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, endpointProblem } from './endpoint.ts';
import { generateVapidKeys, keysMatch, loadVapidKeys, VAPID_FILE } from './keys.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
const scratch = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tl-vapid-'));
  dirs.push(dir);
  return dir;
};

const configError = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  return null;
};

describe('VAPID configuration', () => {
  const pair = generateVapidKeys();

  it('takes a pair from the environment, checked', () => {
    const config = loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(config.push.vapid).toEqual(pair);
    // The format `npx web-push generate-vapid-keys` prints is accepted as it is.
    const fromLibrary = webpush.generateVAPIDKeys();
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: fromLibrary.publicKey, VAPID_PRIVATE_KEY: fromLibrary.privateKey }).push
        .vapid,
    ).toEqual(fromLibrary);
    expect(loadConfig({}).push.vapid).toBeUndefined();
  });

  it('names the missing half when only one key is set', () => {
    expect(configError({ VAPID_PUBLIC_KEY: pair.publicKey })).toBe(
      'Invalid configuration: VAPID_PRIVATE_KEY is required when VAPID_PUBLIC_KEY is set (set both, or neither to have a pair generated in DATA_DIR)',
    );
    expect(configError({ VAPID_PRIVATE_KEY: pair.privateKey })).toMatch(
      /^Invalid configuration: VAPID_PUBLIC_KEY is required/,
    );
  });

  it('refuses malformed keys and a pair that does not belong together', () => {
    expect(configError({ VAPID_PUBLIC_KEY: 'abc+/=', VAPID_PRIVATE_KEY: pair.privateKey })).toMatch(
      /VAPID_PUBLIC_KEY must be base64url/,
    );
    expect(configError({ VAPID_PUBLIC_KEY: pair.privateKey, VAPID_PRIVATE_KEY: pair.privateKey })).toMatch(
      /VAPID_PUBLIC_KEY must be a P-256 public key: 65 bytes/,
    );
    expect(configError({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.publicKey })).toMatch(
      /VAPID_PRIVATE_KEY must be a P-256 private key: 32 bytes/,
    );
    const other = generateVapidKeys();
    expect(configError({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey })).toBe(
      'Invalid configuration: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY',
    );
  });

  it('takes the subject from VAPID_SUBJECT, else MAIL_FROM, else an https PUBLIC_URL', () => {
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.org' }).push.subject).toBe(
      'mailto:ops@example.org',
    );
    expect(loadConfig({ VAPID_SUBJECT: 'https://example.org/contact' }).push.subject).toBe(
      'https://example.org/contact',
    );
    expect(configError({ VAPID_SUBJECT: 'ops@example.org' })).toMatch(
      /VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/,
    );
    expect(loadConfig({ MAIL_FROM: 'Threadline <news@example.org>' }).push.subject).toBe(
      'mailto:news@example.org',
    );
    expect(loadConfig({ MAIL_FROM: 'news@example.org' }).push.subject).toBe('mailto:news@example.org');
    expect(loadConfig({ PUBLIC_URL: 'https://club.example.org' }).push.subject).toBe(
      'https://club.example.org',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://club.example.org' }).push.subject).toBe(
      'mailto:no-reply@club.example.org',
    );
  });

  it('reads the push-service allowlist; loopback http only in test runs', () => {
    expect(loadConfig({}).push.endpointHosts).toEqual([...DEFAULT_PUSH_ENDPOINT_HOSTS]);
    expect(
      loadConfig({ PUSH_ENDPOINT_HOSTS: ' push.example.org, *.Push.Example.net ' }).push.endpointHosts,
    ).toEqual(['push.example.org', '*.push.example.net']);
    expect(configError({ PUSH_ENDPOINT_HOSTS: 'https://push.example.org' })).toMatch(
      /PUSH_ENDPOINT_HOSTS must be/,
    );
    expect(configError({ PUSH_ALLOW_HTTP_LOOPBACK: 'true' })).toBe(
      'Invalid configuration: PUSH_ALLOW_HTTP_LOOPBACK is only accepted with NODE_ENV=test',
    );
    expect(loadConfig({ NODE_ENV: 'test', PUSH_ALLOW_HTTP_LOOPBACK: 'true' }).push.allowHttpLoopback).toBe(
      true,
    );
  });
});

describe('loadVapidKeys', () => {
  it('generates a pair once into DATA_DIR (owner-only) and keeps it', async () => {
    const dir = await scratch();
    const first = await loadVapidKeys(dir, undefined);
    expect(keysMatch(first)).toBe(true);
    expect((await stat(path.join(dir, VAPID_FILE))).mode & 0o777).toBe(0o600);
    expect(await loadVapidKeys(dir, undefined)).toEqual(first);
    // Processes starting at once end with one pair.
    const other = await scratch();
    const all = await Promise.all(Array.from({ length: 8 }, () => loadVapidKeys(other, undefined)));
    expect(new Set(all.map((k) => k.publicKey)).size).toBe(1);
    expect(JSON.parse(await readFile(path.join(other, VAPID_FILE), 'utf8'))).toEqual(all[0]);
  });

  it("prefers the environment's pair and refuses a damaged file with a clear message", async () => {
    const dir = await scratch();
    const env = generateVapidKeys();
    expect(await loadVapidKeys(dir, env)).toEqual(env);
    await writeFile(path.join(dir, VAPID_FILE), '{"publicKey":"x"}');
    await expect(loadVapidKeys(dir, undefined)).rejects.toThrow(/holds no valid VAPID key pair: delete it/);
  });
});

describe('endpointProblem', () => {
  const rules = { hosts: [...DEFAULT_PUSH_ENDPOINT_HOSTS], allowHttpLoopback: false };
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', null],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', null],
    ['https://web.push.apple.com/QAbc', null],
    ['https://wns2-par02p.notify.windows.com/w/?token=abc', null],
    ['https://notify.windows.com/w', 'The push endpoint is not a known push service'],
    ['https://evilpush.apple.com/x', 'The push endpoint is not a known push service'],
    ['https://127.0.0.1/x', 'The push endpoint is not a known push service'],
    ['https://[::1]/x', 'The push endpoint is not a known push service'],
    ['http://127.0.0.1:8080/x', 'The push endpoint must be an https:// URL'],
    ['ftp://fcm.googleapis.com/x', 'The push endpoint must be an https:// URL'],
    ['https://fcm.googleapis.com:444/x', 'The push endpoint must use the default https port'],
    ['nonsense', 'The push endpoint must be an absolute URL'],
  ])('%s', (endpoint, problem) => {
    expect(endpointProblem(endpoint, rules)).toBe(problem);
  });

  it('allows http on loopback only with the test allowance, and only for listed hosts', () => {
    const local = { hosts: ['127.0.0.1'], allowHttpLoopback: true };
    expect(endpointProblem('http://127.0.0.1:8080/x', local)).toBeNull();
    expect(endpointProblem('http://localhost:8080/x', local)).toBe(
      'The push endpoint is not a known push service',
    );
    expect(endpointProblem('http://10.0.0.1/x', { hosts: ['10.0.0.1'], allowHttpLoopback: true })).toBe(
      'The push endpoint must be an https:// URL',
    );
  });
});
