// What the main thread (remote.ts) and the database thread (worker.ts) say to each other.
export type Request = { id: number } & (
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; tx?: number }
  | { op: 'exec'; sql: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' }
);

export type Reply = { id: number } & (
  | { result: unknown }
  | { error: Record<string, unknown> & { message: string } }
);

/** The request without its id, as remote.ts builds it. */
export type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;
