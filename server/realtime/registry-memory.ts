// The socket registry of the embedded database (one process): each user's open sockets and when they opened.
import { REALTIME } from '../../common/realtime.ts';
import type { RegisteredSocket, SocketRegistry } from './types.ts';

export class MemoryRegistry implements SocketRegistry {
  /** Per user: socket id -> when it opened. */
  private readonly byUser = new Map<string, Map<string, number>>();

  constructor(private readonly max: number = REALTIME.maxSocketsPerUser) {}

  async admit(socket: RegisteredSocket): Promise<string[]> {
    let opened = this.byUser.get(socket.userId);
    if (!opened) {
      opened = new Map();
      this.byUser.set(socket.userId, opened);
    }
    opened.set(socket.id, socket.openedUs);
    if (opened.size <= this.max) return [];
    // The oldest go (one counted late, after a failure, keeps its place by age).
    const over = [...opened]
      .sort((x, y) => x[1] - y[1])
      .slice(0, opened.size - this.max)
      .map(([id]) => id);
    for (const id of over) opened.delete(id);
    return over;
  }

  async release(socket: RegisteredSocket): Promise<void> {
    const opened = this.byUser.get(socket.userId);
    if (!opened?.delete(socket.id)) return;
    if (opened.size === 0) this.byUser.delete(socket.userId);
  }

  async connectedUsers(userIds: string[]): Promise<Set<string>> {
    return new Set(userIds.filter((id) => this.byUser.has(id)));
  }

  async close(): Promise<void> {
    this.byUser.clear();
  }
}
