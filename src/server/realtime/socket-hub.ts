import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';

/** One open socket: whose it is and through which session. */
export type Connection = {
  readonly id: string;
  readonly userId: string;
  readonly sessionId: string;
  readonly socket: WebSocket;
  /** Pings sent since the last pong. */
  missedPongs: number;
};

/** Close codes: the app's own (4000–4999) and the standard "going away" for a shutdown. */
export const CLOSE = {
  goingAway: 1001,
  /** The session ended (sign-out, password or role change, account deleted): sign in again. */
  sessionEnded: 4001,
  /** Did not answer two pings. */
  unresponsive: 4002,
  /** This instance may have missed events: reconnect and catch up. */
  resync: 4003,
} as const;

export const PING_INTERVAL_MS = 25_000;

/**
 * The sockets open on this instance, by user. It knows nothing of chat: modules decide what to send to whom;
 * the hub sends it, pings every socket and closes those that stop answering.
 */
export class SocketHub {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly pinger: NodeJS.Timeout;

  constructor(pingIntervalMs = PING_INTERVAL_MS) {
    this.pinger = setInterval(() => this.pingAll(), pingIntervalMs);
    this.pinger.unref();
  }

  add(userId: string, sessionId: string, socket: WebSocket): Connection {
    const connection: Connection = {
      id: randomUUID(),
      userId,
      sessionId,
      socket,
      missedPongs: 0,
    };
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(connection);
    socket.on('pong', () => (connection.missedPongs = 0));
    socket.once('close', () => this.remove(connection));
    return connection;
  }

  /** The user's open sockets on this instance. */
  connectionsOf(userId: string): Iterable<Connection> {
    return this.byUser.get(userId) ?? [];
  }

  hasUser(userId: string): boolean {
    return this.byUser.has(userId);
  }

  send(connection: Connection, frame: object): void {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(frame));
  }

  sendToUser(userId: string, frame: object, only?: (connection: Connection) => boolean): void {
    const text = JSON.stringify(frame);
    for (const connection of this.connectionsOf(userId)) {
      if (only && !only(connection)) continue;
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text);
    }
  }

  close(connection: Connection, code: number, reason = ''): void {
    this.remove(connection);
    connection.socket.close(code, reason);
  }

  closeAll(code: number, reason = ''): void {
    for (const set of [...this.byUser.values()])
      for (const connection of [...set]) this.close(connection, code, reason);
  }

  stop(): void {
    clearInterval(this.pinger);
    this.closeAll(CLOSE.goingAway, 'server shutting down');
  }

  private remove(connection: Connection): void {
    const set = this.byUser.get(connection.userId);
    if (!set?.delete(connection)) return;
    if (set.size === 0) this.byUser.delete(connection.userId);
  }

  /** A socket that missed two pongs in a row is gone (a phone that lost its network without a goodbye). */
  private pingAll(): void {
    for (const set of [...this.byUser.values()]) {
      for (const connection of [...set]) {
        if (connection.missedPongs >= 2) {
          this.remove(connection);
          connection.socket.terminate();
          continue;
        }
        connection.missedPongs += 1;
        connection.socket.ping();
      }
    }
  }
}
