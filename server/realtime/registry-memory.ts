// The socket registry of the embedded database (one process): each user's open sockets in opening order.
import { REALTIME } from '../../common/realtime.ts';
import type { RegisteredSocket, SocketRegistry } from './types.ts';

export class MemoryRegistry implements SocketRegistry {
  /** Sets keep insertion order: the first ids are the oldest sockets. */
  private readonly byUser = new Map<string, Set<string>>();

  constructor(private readonly max: number = REALTIME.maxSocketsPerUser) {}

  async admit(socket: RegisteredSocket): Promise<string[]> {
    let ids = this.byUser.get(socket.userId);
    if (!ids) {
      ids = new Set();
      this.byUser.set(socket.userId, ids);
    }
    ids.add(socket.id);
    const over = [...ids].slice(0, Math.max(0, ids.size - this.max));
    for (const id of over) ids.delete(id);
    return over;
  }

  async release(socket: RegisteredSocket): Promise<void> {
    const ids = this.byUser.get(socket.userId);
    if (!ids?.delete(socket.id)) return;
    if (ids.size === 0) this.byUser.delete(socket.userId);
  }

  async close(): Promise<void> {
    this.byUser.clear();
  }
}
