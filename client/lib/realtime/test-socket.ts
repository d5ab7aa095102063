// A scriptable stand-in for the browser's WebSocket: tests open it, answer for the server, and close it.
import type { ServerMessage } from '../../../common/realtime.ts';
import type { SocketLike } from './realtime-client.ts';

export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason?: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The server accepted the upgrade. */
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(message: ServerMessage | Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  receiveRaw(data: string) {
    this.onmessage?.({ data });
  }

  /** The server (or the network) closed it. */
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }

  /** Opens and answers `authenticated` for `userId`. */
  accept(userId: string) {
    this.open();
    this.receive({ type: 'authenticated', userId });
  }

  types() {
    return this.sent.map((m) => m.type);
  }
}

/** A socket factory that remembers every socket it made. */
export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  const create = (url: string) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  };
  return { sockets, create, last: () => sockets[sockets.length - 1]! };
}
