// The first feed page from memory on one instance (issue 28): every kind of write, then a read on the same
// app. Two instances on one PostgreSQL database: feed-cache-instances.pg.test.ts.
import { describe } from 'vitest';
import { setupStorageApp } from '../test/uploads.ts';
import { feedCacheCases } from './feed-cache.cases.ts';

// Objects on disk: one case uploads a picture.
const t = setupStorageApp('local');

describe('the first feed page from memory, one instance', () => {
  feedCacheCases(() => ({ writer: t.app, reader: t.app }));
});
