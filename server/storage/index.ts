// The object store STORAGE chooses (DECISIONS §1): local files under DATA_DIR, or an S3-compatible bucket.
import type { Config } from '../config.ts';
import { LocalStore } from './local.ts';
import { S3Store } from './s3.ts';
import { UrlSigner } from './signing.ts';
import type { ObjectStore } from './types.ts';

export function createStore(config: Config, options: { secret?: string } = {}): ObjectStore {
  if (config.storage === 's3') return new S3Store(config.s3);
  // Local upload URLs are signed with a key derived from the session secret (the same on every instance).
  return new LocalStore(config.dataDir, new UrlSigner(options.secret));
}

/**
 * Origins the browser PUTs uploads to besides the app itself (for the CSP's connect-src): the bucket's
 * endpoint with STORAGE=s3, nothing with local storage.
 */
export function uploadConnectSources(config: Config): string[] {
  if (config.storage !== 's3' || !config.s3.bucket) return [];
  const { endpoint, bucket, region, forcePathStyle } = config.s3;
  if (endpoint) {
    const url = new URL(endpoint);
    return [forcePathStyle ? url.origin : `${url.protocol}//${bucket}.${url.host}`];
  }
  return [
    forcePathStyle ? `https://s3.${region}.amazonaws.com` : `https://${bucket}.s3.${region}.amazonaws.com`,
  ];
}
