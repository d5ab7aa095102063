// Messages and a fake server for the thread's tests (T): GET/POST messages and both mark-read paths of
// one or more conversations, recording every call. L may use it too.
import { vi } from 'vitest';
import type { Message } from '../../../../common/schemas/conversation.ts';
import { jsonResponse } from '../../home/test/render.tsx';
import { ADA, CONV_ADA, ME } from './conversations.ts';

let n = 0;
/** A message from ADA in CONV_ADA unless told otherwise; times increase with each one made. */
export function makeMessage(over: Partial<Message> = {}): Message {
  n += 1;
  const sender = over.sender ?? (over.senderId === ME.id ? ME : ADA);
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    conversationId: CONV_ADA,
    senderId: sender.id,
    sender,
    content: `Message ${n}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 10, 0, 0) + n * 1000).toISOString().replace('Z', '123Z'),
    isRead: false,
    mentions: [],
    ...over,
  };
}

export const mine = (over: Partial<Message> = {}) => makeMessage({ senderId: ME.id, sender: ME, ...over });

export interface Call {
  method: string;
  url: string;
  body?: unknown;
}

export interface ThreadServer {
  /** Every message of each conversation, oldest first. */
  messages: Map<string, Message[]>;
  calls: Call[];
  /** Page size the fake answers with (the real one is 50). */
  pageSize: number;
  /** The next POST .../messages answers this instead of 201 (status and body). */
  sendFailure: { status: number; body: unknown } | null;
  /** Holds POST .../messages until released (to see the sending state). */
  holdSend: Promise<void> | null;
  /** Holds both mark-read paths until released (to see the call running). */
  holdMarkRead: Promise<void> | null;
  markReadFailure: boolean;
}

const MESSAGES = /^\/api\/conversations\/([^/?]+)\/messages(?:\?(.*))?$/;
const READ = /^\/api\/conversations\/([^/]+)\/(read|mark-read)$/;

export function stubThreadServer(initial: Record<string, Message[]> = {}): ThreadServer {
  const server: ThreadServer = {
    messages: new Map(Object.entries(initial)),
    calls: [],
    pageSize: 50,
    sendFailure: null,
    holdSend: null,
    holdMarkRead: null,
    markReadFailure: false,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      server.calls.push({ method, url, body });
      const list = MESSAGES.exec(url);
      if (list && method === 'GET') {
        const all = server.messages.get(list[1]!) ?? [];
        const cursor = new URLSearchParams(list[2] ?? '').get('cursor');
        const end = cursor ? all.findIndex((m) => `${m.createdAt},${m.id}` === cursor) : all.length;
        return jsonResponse(all.slice(Math.max(0, end - server.pageSize), end));
      }
      if (list && method === 'POST') {
        await server.holdSend;
        if (server.sendFailure) {
          const { status, body: answer } = server.sendFailure;
          return jsonResponse(answer, status);
        }
        const message = mine({ conversationId: list[1]!, content: String(body.content) });
        server.messages.set(list[1]!, [...(server.messages.get(list[1]!) ?? []), message]);
        return jsonResponse(message, 201);
      }
      const read = READ.exec(url);
      if (read && method === 'POST') {
        await server.holdMarkRead;
        if (server.markReadFailure) return jsonResponse({ message: 'Broken' }, 500);
        const all = server.messages.get(read[1]!) ?? [];
        let marked = 0;
        server.messages.set(
          read[1]!,
          all.map((m) => {
            if (m.senderId === ME.id || m.isRead) return m;
            marked += 1;
            return { ...m, isRead: true };
          }),
        );
        // Read up to the newest message the fake holds (messages delivered only by the socket come later).
        const readAt = all.at(-1)?.createdAt ?? new Date(Date.UTC(2026, 0, 1)).toISOString();
        return jsonResponse({ marked, readAt });
      }
      if (url === '/api/conversations') return jsonResponse([]);
      if (url === '/api/conversations/unread-count') return jsonResponse({ unreadCount: 0 });
      return jsonResponse({ message: 'Not found' }, 404);
    }),
  );
  return server;
}

/** The calls of one method whose URL starts with `prefix`. */
export const callsTo = (server: ThreadServer, method: string, prefix: string) =>
  server.calls.filter((c) => c.method === method && c.url.startsWith(prefix));
