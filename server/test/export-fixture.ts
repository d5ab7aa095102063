// "Download my data" in tests (issue 26): reading a ZIP, and an account holding every kind of row and a file,
// beside someone else's that must stay out of its export. Shared by the streamed export's tests
// (routes/me.test.ts) and the background one's (routes/data-export*.test.ts).
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
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
  signedInUser,
} from './factories.ts';
import { storedUpload } from './stored-uploads.ts';

/** Every entry of a ZIP: name -> bytes. */
export function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
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

export const parseEntry = (entries: Map<string, Buffer>, name: string) =>
  JSON.parse(entries.get(name)!.toString('utf8'));

/**
 * Ada, with a membership, a post, a comment, a reaction, messages both ways, a join request and a stored
 * file (plus an unfinished upload that stays out); Bob, whose address, posts, comments, files and other
 * conversations must not show in Ada's export.
 */
export async function seedExportAccount(app: FastifyInstance) {
  const ada = await signedInUser(app, { displayName: 'Ada' });
  const bob = await signedInUser(app, {
    displayName: 'Bob',
    email: `bob-secret-${ada.user.id}@example.test`,
  });
  const club = await buildThreadline(app.db, bob.user, { name: 'Garden Club' });
  await addMember(app.db, club, ada.user);
  const mine = await buildPost(app.db, club, ada.user, { content: 'My tomatoes' });
  const his = await buildPost(app.db, club, bob.user, { content: 'His secret post' });
  await buildComment(app.db, his, ada.user, { content: 'Nice one' });
  await buildComment(app.db, mine, bob.user, { content: 'His comment' });
  await buildReaction(app.db, his, ada.user);
  await buildReaction(app.db, mine, bob.user, '\u{1F600}');
  const talk = await buildConversation(app.db, club, ada.user, bob.user);
  await buildMessage(app.db, talk, ada.user, { content: 'Hello Bob' });
  await buildMessage(app.db, talk, bob.user, { content: 'Hello Ada' });
  const elsewhere = await buildThreadline(app.db, bob.user, { name: 'Private' });
  const carol = await signedInUser(app);
  const otherTalk = await buildConversation(app.db, elsewhere, bob.user, carol.user);
  await buildMessage(app.db, otherTalk, bob.user, { content: 'Not for Ada' });
  await app.db
    .insert(timelineJoinRequests)
    .values({ timelineId: elsewhere.id, userId: ada.user.id, message: 'Let me in' });
  const file = await storedUpload(app, ada.user.id, { category: 'document', fileName: 'plan/../notes.pdf' });
  await storedUpload(app, bob.user.id, { category: 'document', fileName: 'bob.pdf' });
  await storedUpload(app, ada.user.id, { status: 'pending' });
  return { ada, bob, club, elsewhere, his, file };
}

export type SeededExport = Awaited<ReturnType<typeof seedExportAccount>>;

/** Ada's export holds every kind of her rows and her file, and nothing of Bob's. */
export function expectFullExport(entries: Map<string, Buffer>, seeded: SeededExport) {
  const { ada, bob, club, elsewhere, his, file } = seeded;
  expect(parseEntry(entries, 'profile.json')).toMatchObject({
    id: ada.user.id,
    displayName: 'Ada',
    email: ada.user.email,
  });
  expect(parseEntry(entries, 'memberships.json')).toEqual([
    expect.objectContaining({ timelineId: club.id, threadline: 'Garden Club', role: 'participant' }),
  ]);
  expect(parseEntry(entries, 'posts.json').map((p: { content: string }) => p.content)).toEqual([
    'My tomatoes',
  ]);
  expect(parseEntry(entries, 'comments.json').map((c: { content: string }) => c.content)).toEqual([
    'Nice one',
  ]);
  expect(parseEntry(entries, 'reactions.json')).toEqual([expect.objectContaining({ postId: his.id })]);
  expect(
    parseEntry(entries, 'messages.json').map((m: { from: string; content: string }) => [m.from, m.content]),
  ).toEqual([
    ['me', 'Hello Bob'],
    ['Bob', 'Hello Ada'],
  ]);
  expect(parseEntry(entries, 'join-requests.json')).toEqual([
    expect.objectContaining({ timelineId: elsewhere.id, status: 'pending', message: 'Let me in' }),
  ]);
  const files = parseEntry(entries, 'files.json');
  expect(files).toHaveLength(1);
  expect(files[0].path).toBe(`files/${file.row.id}-plan_.._notes.pdf`);
  expect(entries.get(files[0].path)).toEqual(file.bytes);
  // Nothing of anyone else's: Bob's address, his posts, comments, files and other conversations.
  const all = [...entries.values()].map((b) => b.toString('latin1')).join('\n');
  for (const secret of [bob.user.email!, 'His secret post', 'His comment', 'Not for Ada', 'bob.pdf']) {
    expect(all).not.toContain(secret);
  }
}
