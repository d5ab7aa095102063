// "Download my data" (issue 26; DECISIONS §10): one ZIP, streamed as it is built. Each JSON file is written
// from pages of rows (never every row at once) and each of the user's files streams from the object store,
// each only when the ZIP reaches it. Other people appear by the name everyone sees, never their address.
// Any failure (a query, a file missing its store) ends the stream with that error, so whoever reads it (the
// HTTP answer, the background export's store write) fails too instead of waiting forever.
import { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import yazl from 'yazl';
import { personName } from '../../common/names.ts';
import type { Db } from '../db/client.ts';
import {
  comments,
  conversations,
  messages,
  posts,
  reactions,
  timelineJoinRequests,
  timelineMembers,
  timelines,
  type User,
  uploads,
  users,
} from '../db/schema/index.ts';
import { presentCurrentUser } from '../presenters/user.ts';
import type { ObjectStore } from '../storage/types.ts';

const PAGE = 500;

interface Keyed {
  at: Date;
  id: string;
}

/** Rows in (at, id) order, PAGE at a time: `fetch` gets the condition for "after the last row" and the order. */
async function* keysetPages<T extends Keyed>(
  at: AnyPgColumn,
  id: AnyPgColumn,
  fetch: (after: SQL | undefined, order: SQL[]) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let last: T | undefined;
  for (;;) {
    const after = last ? or(gt(at, last.at), and(eq(at, last.at), gt(id, last.id))) : undefined;
    const rows = await fetch(after, [asc(at), asc(id)]);
    yield rows;
    if (rows.length < PAGE) return;
    last = rows[rows.length - 1];
  }
}

/** A JSON array as text, item by item. */
async function* jsonArray<T>(pages: AsyncGenerator<T[]>, shape: (row: T) => unknown): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const rows of pages) {
    for (const row of rows) {
      yield `${first ? '\n' : ',\n'}  ${JSON.stringify(shape(row))}`;
      first = false;
    }
  }
  yield first ? ']\n' : '\n]\n';
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
/** A name fit for a ZIP entry: no path separators or control characters, at most 100 characters. */
export const entryName = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').slice(0, 100) || 'file';

export function exportArchive(db: Db, store: ObjectStore, user: User): Readable {
  const zip = new yazl.ZipFile();
  // yazl's output is a PassThrough.
  const out = zip.outputStream as Readable;
  const fail = (err: unknown) => {
    if (!out.destroyed) out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  // yazl reports a failed entry on the ZipFile, and never notices a failing entry stream (it only pipes it).
  zip.on('error', fail);
  const watched = (stream: Readable) => stream.once('error', fail);
  const me = user.id;
  const json = <T extends Keyed>(name: string, pages: AsyncGenerator<T[]>, shape: (row: T) => unknown) =>
    zip.addReadStreamLazy(name, (cb) => cb(null, watched(Readable.from(jsonArray(pages, shape)))));

  const profile = {
    ...presentCurrentUser(user),
    createdAt: iso(user.createdAt),
    exportedAt: iso(new Date()),
  };
  zip.addBuffer(Buffer.from(`${JSON.stringify(profile, null, 2)}\n`), 'profile.json');

  json(
    'memberships.json',
    keysetPages(timelineMembers.joinedAt, timelineMembers.id, (after, order) =>
      db
        .select({
          at: timelineMembers.joinedAt,
          id: timelineMembers.id,
          role: timelineMembers.role,
          timeline: timelines,
        })
        .from(timelineMembers)
        .innerJoin(timelines, eq(timelines.id, timelineMembers.timelineId))
        .where(and(eq(timelineMembers.userId, me), after))
        .orderBy(...order)
        .limit(PAGE),
    ),
    (r) => ({ timelineId: r.timeline.id, threadline: r.timeline.name, role: r.role, joinedAt: iso(r.at) }),
  );

  json(
    'posts.json',
    keysetPages(posts.createdAt, posts.id, (after, order) =>
      db
        .select({ at: posts.createdAt, id: posts.id, post: posts })
        .from(posts)
        .where(and(eq(posts.authorId, me), after))
        .orderBy(...order)
        .limit(PAGE),
    ),
    ({ post: p }) => ({
      id: p.id,
      timelineId: p.timelineId,
      type: p.type,
      content: p.content,
      fileNames: p.fileNames ?? (p.fileName ? [p.fileName] : []),
      createdAt: iso(p.createdAt),
      editedAt: iso(p.editedAt),
      deletedAt: iso(p.deletedAt),
    }),
  );

  json(
    'comments.json',
    keysetPages(comments.createdAt, comments.id, (after, order) =>
      db
        .select({ at: comments.createdAt, id: comments.id, comment: comments })
        .from(comments)
        .where(and(eq(comments.authorId, me), after))
        .orderBy(...order)
        .limit(PAGE),
    ),
    ({ comment: c }) => ({
      id: c.id,
      postId: c.postId,
      timelineId: c.timelineId,
      content: c.content,
      createdAt: iso(c.createdAt),
      editedAt: iso(c.editedAt),
    }),
  );

  json(
    'reactions.json',
    keysetPages(reactions.createdAt, reactions.id, (after, order) =>
      db
        .select({ at: reactions.createdAt, id: reactions.id, reaction: reactions })
        .from(reactions)
        .where(and(eq(reactions.userId, me), after))
        .orderBy(...order)
        .limit(PAGE),
    ),
    ({ reaction: r }) => ({
      postId: r.postId,
      commentId: r.commentId,
      emoji: r.emoji,
      createdAt: iso(r.createdAt),
    }),
  );

  // Messages the user sent or received: both sides of their own conversations.
  json(
    'messages.json',
    keysetPages(messages.createdAt, messages.id, (after, order) =>
      db
        .select({ at: messages.createdAt, id: messages.id, message: messages, sender: users })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .innerJoin(users, eq(users.id, messages.senderId))
        .where(and(or(eq(conversations.initiatorId, me), eq(conversations.recipientId, me)), after))
        .orderBy(...order)
        .limit(PAGE),
    ),
    ({ message: m, sender }) => ({
      id: m.id,
      conversationId: m.conversationId,
      from: m.senderId === me ? 'me' : personName(sender),
      content: m.deletedAt ? null : m.content,
      fileName: m.deletedAt ? null : m.fileName,
      createdAt: iso(m.createdAt),
      editedAt: iso(m.editedAt),
      deletedAt: iso(m.deletedAt),
    }),
  );

  json(
    'join-requests.json',
    keysetPages(timelineJoinRequests.createdAt, timelineJoinRequests.id, (after, order) =>
      db
        .select({
          at: timelineJoinRequests.createdAt,
          id: timelineJoinRequests.id,
          request: timelineJoinRequests,
        })
        .from(timelineJoinRequests)
        .where(and(eq(timelineJoinRequests.userId, me), after))
        .orderBy(...order)
        .limit(PAGE),
    ),
    ({ request: r }) => ({
      timelineId: r.timelineId,
      status: r.status,
      message: r.message,
      responseMessage: r.responseMessage,
      createdAt: iso(r.createdAt),
      processedAt: iso(r.processedAt),
    }),
  );

  addFiles(zip, out, watched, db, store, me).then(() => {
    if (!out.destroyed) zip.end();
  }, fail);
  return out;
}

/** The user's stored files, each streamed from the store when the ZIP reaches it; listed in files.json. */
async function addFiles(
  zip: yazl.ZipFile,
  out: Readable,
  watched: (stream: Readable) => Readable,
  db: Db,
  store: ObjectStore,
  me: string,
) {
  const listed: unknown[] = [];
  for await (const rows of keysetPages(uploads.createdAt, uploads.id, (after, order) =>
    db
      .select({ at: uploads.createdAt, id: uploads.id, upload: uploads })
      .from(uploads)
      .where(and(eq(uploads.ownerId, me), inArray(uploads.status, ['stored', 'attached']), after))
      .orderBy(...order)
      .limit(PAGE),
  )) {
    // The archive already failed (or its reader went away): nothing more to list.
    if (out.destroyed) return;
    for (const { upload: u } of rows) {
      const path = `files/${u.id}-${entryName(u.fileName ?? 'file')}`;
      listed.push({
        path,
        fileName: u.fileName,
        contentType: u.contentType,
        size: u.size,
        createdAt: iso(u.createdAt),
      });
      zip.addReadStreamLazy(path, (cb) => {
        store.read(u.key).then(
          // A file gone from the store leaves an empty entry rather than a broken archive.
          (stream) => cb(null, watched(stream ?? Readable.from([]))),
          (err) => cb(err, Readable.from([])),
        );
      });
    }
  }
  zip.addBuffer(Buffer.from(`${JSON.stringify(listed, null, 2)}\n`), 'files.json');
}
