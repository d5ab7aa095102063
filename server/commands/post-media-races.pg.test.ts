// Posts racing for uploads in full, on PostgreSQL (the races are in post-media-races.cases.ts). Each race
// fails unless the racing requests were on the database at the same time (server/test/races.ts).
import { describe, it } from 'vitest';
import { raceProbe } from '../test/races.ts';
import { setupStorageApp } from '../test/uploads.ts';
import { postMediaRaces } from './post-media-races.cases.ts';

// Dozens of posts at once by one member: past a person's write limit, which is not what these races test.
const t = setupStorageApp('local', { WRITE_LIMIT_FACTOR: '100' });
const races = postMediaRaces(t, raceProbe(t));
const PARALLEL = 40;

describe('posts racing for uploads', () => {
  it('dozens of posts naming one upload: exactly one 201, the others 409; one post holds it', () =>
    races.oneUploadManyPosts({ rounds: 3, parallel: PARALLEL }));

  it('overlapping galleries in different orders: no deadlock, no upload in two posts', () =>
    races.overlappingGalleries({ parallel: PARALLEL, uploads: 16 }));

  it('posts and deletes interleaved: every upload ends attached to a live post or removed with its bytes', () =>
    races.postsAndDeletes({ uploads: PARALLEL / 2 }));

  it('media posts racing the threadline’s deletion: nothing of it stays attached, charged or stored', () =>
    races.postsRacingDelete({ rounds: 4, posts: 12 }));
});
