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
