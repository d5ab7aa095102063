// The object store STORAGE chooses (DECISIONS §1): local files under DATA_DIR, or an S3-compatible bucket.
import type { Config } from '../config.ts';
import type { ObjectStore } from './types.ts';

export function createStore(_config: Config, _options: { publicUrl?: string } = {}): ObjectStore {
  // Filled in by the uploads work (server/storage/local.ts, s3.ts).
  return new Proxy({} as ObjectStore, {
    get: (_t, prop) => (prop === 'kind' ? 'local' : () => Promise.reject(new Error('storage not built yet'))),
  });
}
