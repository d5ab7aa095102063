// "Download my data" (issue 26): GET /api/me/export streams a ZIP of the user's profile, memberships, posts,
// comments, reactions, messages sent and received, join requests and files, and nothing of anyone else's.

import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { timelineJoinRequests } from '../db/schema/index.ts';
import {
  addMember,
  buildComment,
  buildConversation,
  buildMessage,
  buildPost,
  buildReaction,
  buildThreadline,
  callerFor,
  signedInUser,
} from '../test/factories.ts';
import { storedUpload } from '../test/stored-uploads.ts';
import { STORAGE_BACKENDS, setupStorageApp } from '../test/uploads.ts';

/** Every entry of a ZIP: name -> bytes. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
const parse = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString('utf8'));

describe.each(STORAGE_BACKENDS)('export on %s storage', (backend) => {
  const t = setupStorageApp(backend);

  it("holds every kind of the user's rows and files, and nothing of other people's", async () => {
    const ada = await signedInUser(t.app, { displayName: 'Ada' });
    const bob = await signedInUser(t.app, { displayName: 'Bob', email: 'bob-secret@example.test' });
    const club = await buildThreadline(t.app.db, bob.user, { name: 'Garden Club' });
    await addMember(t.app.db, club, ada.user);
    const mine = await buildPost(t.app.db, club, ada.user, { content: 'My tomatoes' });
    const his = await buildPost(t.app.db, club, bob.user, { content: 'His secret post' });
    await buildComment(t.app.db, his, ada.user, { content: 'Nice one' });
    await buildComment(t.app.db, mine, bob.user, { content: 'His comment' });
    await buildReaction(t.app.db, his, ada.user);
    await buildReaction(t.app.db, mine, bob.user, '\u{1F600}');
    const talk = await buildConversation(t.app.db, club, ada.user, bob.user);
    await buildMessage(t.app.db, talk, ada.user, { content: 'Hello Bob' });
    await buildMessage(t.app.db, talk, bob.user, { content: 'Hello Ada' });
    const elsewhere = await buildThreadline(t.app.db, bob.user, { name: 'Private' });
    const otherTalk = await buildConversation(
      t.app.db,
      elsewhere,
      bob.user,
      await (async () => (await signedInUser(t.app)).user)(),
    );
    await buildMessage(t.app.db, otherTalk, bob.user, { content: 'Not for Ada' });
    await t.app.db
      .insert(timelineJoinRequests)
      .values({ timelineId: elsewhere.id, userId: ada.user.id, message: 'Let me in' });
    const file = await storedUpload(t.app, ada.user.id, {
      category: 'document',
      fileName: 'plan/../notes.pdf',
    });
    await storedUpload(t.app, bob.user.id, { category: 'document', fileName: 'bob.pdf' });
    await storedUpload(t.app, ada.user.id, { status: 'pending' });

    const res = await ada.as.get('/api/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="threadline-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = await unzip(res.rawPayload);
    expect(parse(entries, 'profile.json')).toMatchObject({
      id: ada.user.id,
      displayName: 'Ada',
      email: ada.user.email,
    });
    expect(parse(entries, 'memberships.json')).toEqual([
      expect.objectContaining({ timelineId: club.id, threadline: 'Garden Club', role: 'participant' }),
    ]);
    expect(parse(entries, 'posts.json').map((p: { content: string }) => p.content)).toEqual(['My tomatoes']);
    expect(parse(entries, 'comments.json').map((c: { content: string }) => c.content)).toEqual(['Nice one']);
    expect(parse(entries, 'reactions.json')).toEqual([expect.objectContaining({ postId: his.id })]);
    expect(
      parse(entries, 'messages.json').map((m: { from: string; content: string }) => [m.from, m.content]),
    ).toEqual([
      ['me', 'Hello Bob'],
      ['Bob', 'Hello Ada'],
    ]);
    expect(parse(entries, 'join-requests.json')).toEqual([
      expect.objectContaining({ timelineId: elsewhere.id, status: 'pending', message: 'Let me in' }),
    ]);
    const files = parse(entries, 'files.json');
    expect(files).toHaveLength(1);
    expect(files[0].path).toBe(`files/${file.row.id}-plan_.._notes.pdf`);
    expect(entries.get(files[0].path)).toEqual(file.bytes);
    // Nothing of anyone else's: Bob's address, his posts, comments, files and other conversations.
    const all = [...entries.values()].map((b) => b.toString('latin1')).join('\n');
    for (const secret of [
      'bob-secret@example.test',
      'His secret post',
      'His comment',
      'Not for Ada',
      'bob.pdf',
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('export', () => {
  const t = setupStorageApp('local');
  it('needs a signed-in user and is limited to 5 an hour', async () => {
    expect((await callerFor(t.app).get('/api/me/export')).statusCode).toBe(401);
    const ada = await signedInUser(t.app);
    for (let i = 0; i < 5; i++) expect((await ada.as.get('/api/me/export')).statusCode).toBe(200);
    const sixth = await ada.as.get('/api/me/export');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().retryAfter).toBeGreaterThan(0);
  });

  it('an account with more rows than a page exports them all, in order', async () => {
    const ada = await signedInUser(t.app);
    const club = await buildThreadline(t.app.db, ada.user);
    const created = new Date('2026-01-01T00:00:00Z').getTime();
    for (let i = 0; i < 1203; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, 1203 - i) }, (_, j) =>
          // Pairs share a timestamp: the keyset's id breaks the tie.
          buildPost(t.app.db, club, ada.user, {
            content: `post ${i + j}`,
            createdAt: new Date(created + Math.floor((i + j) / 2) * 1000),
          }),
        ),
      );
    }
    const entries = await unzip((await ada.as.get('/api/me/export')).rawPayload);
    const posts = parse(entries, 'posts.json') as { id: string; createdAt: string }[];
    expect(posts).toHaveLength(1203);
    expect(new Set(posts.map((p) => p.id)).size).toBe(1203);
    const times = posts.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
