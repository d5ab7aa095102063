// How many statements the app sends through its shared database handle while `run` runs: tests that pin
// a read to a fixed number of queries however many rows it returns.
import type { Db } from '../db/client.ts';

export async function countQueries(db: Db, run: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  let n = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    n++;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return n;
}
