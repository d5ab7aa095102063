// The first feed page from memory on one instance (issue 28): every kind of write, then a read on the same
// app. Two instances on one PostgreSQL database: feed-cache-instances.pg.test.ts.
import { describe } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { feedCacheCases } from './feed-cache.cases.ts';

const t = setupTestApp();

describe('the first feed page from memory, one instance', () => {
  feedCacheCases(() => ({ writer: t.app, reader: t.app }));
});
