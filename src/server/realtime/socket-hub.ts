import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Locale } from '../../shared/constants';
import { FRAME_BUDGET } from '../lib/rate-limits';
/** Topics one socket may watch at once (the feed and a few question pages). */
export const MAX_TOPICS_PER_SOCKET = 10;

/** One open socket: whose it is (null for a visitor's), through which session, and what it watches. */
export type Connection = {
  readonly id: string;
  readonly userId: string | null;
  readonly sessionId: string | null;
  /** The caller's address (sockets are capped per address). */
  readonly address: string;
  readonly socket: WebSocket;
  /** The reader's language, for error frames. */
  readonly locale: Locale;
  readonly topics: Set<string>;
  /** Pings sent since the last pong. */
  missedPongs: number;
  /** Frames it may still send now, and when the budget was last refilled. */
  budget: { left: number; at: number };
};

/** Close codes: the standard ones, and the app's own (4000–4999). */
export const CLOSE = {
  /** This instance is restarting: reconnect (the proxy sends you to another one) and catch up. */
  serviceRestart: 1012,
  /** It sent more frames than its budget allows. */
  policyViolation: 1008,
  /** The session ended (sign-out, password or role change, account deleted): sign in again. */
  sessionEnded: 4001,
  /** Did not answer two pings. */
  unresponsive: 4002,
  /** This instance may have missed events: reconnect and catch up. */
  resync: 4003,
} as const;

export const PING_INTERVAL_MS = 25_000;

/** Adds `by` to a key's count; a count that reaches 0 is forgotten. */
function tally(counts: Map<string, number>, key: string, by: 1 | -1): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

type NewConnection = Pick<Connection, 'userId' | 'sessionId' | 'address' | 'socket' | 'locale'>;

/**
 * The sockets open on this instance, by user and by watched topic. It knows nothing of chat or questions: modules
 * decide what to send to whom; the hub sends it, pings every socket and closes those that stop answering.
 */
export class SocketHub {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly visitors = new Set<Connection>();
  /** Sockets by address, all and visitors' alone, counted as they come and go (a scan would cost every upgrade). */
  private readonly byAddress = new Map<string, number>();
  private readonly visitorsByAddress = new Map<string, number>();
  private readonly byTopic = new Map<string, Set<Connection>>();
  private readonly pinger: NodeJS.Timeout;

  constructor(
    pingIntervalMs = PING_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.pinger = setInterval(() => this.pingAll(), pingIntervalMs);
    this.pinger.unref();
  }

  add(opened: NewConnection): Connection {
    const connection: Connection = {
      ...opened,
      id: randomUUID(),
      topics: new Set(),
      missedPongs: 0,
      budget: { left: FRAME_BUDGET.burst, at: this.now() },
    };
    tally(this.byAddress, connection.address, 1);
    if (connection.userId === null) {
      this.visitors.add(connection);
      tally(this.visitorsByAddress, connection.address, 1);
    } else {
      let set = this.byUser.get(connection.userId);
      if (!set) this.byUser.set(connection.userId, (set = new Set()));
      set.add(connection);
    }
    opened.socket.on('pong', () => (connection.missedPongs = 0));
    opened.socket.once('close', () => this.remove(connection));
    return connection;
  }

  /** The user's open sockets on this instance. */
  connectionsOf(userId: string): Iterable<Connection> {
    return this.byUser.get(userId) ?? [];
  }

  hasUser(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** The users with a socket here, among `userIds` (all of them when none are given). */
  usersHere(userIds?: Iterable<string>): string[] {
    if (!userIds) return [...this.byUser.keys()];
    return [...userIds].filter((userId) => this.byUser.has(userId));
  }

  /** Sockets of one session here. */
  sessionSockets(userId: string, sessionId: string): number {
    let count = 0;
    for (const connection of this.connectionsOf(userId)) if (connection.sessionId === sessionId) count += 1;
    return count;
  }

  /** A member's sockets here, of all their sessions. */
  memberSockets(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Visitors' sockets here from one address. */
  visitorSockets(address: string): number {
    return this.visitorsByAddress.get(address) ?? 0;
  }

  /** All sockets here from one address, members' and visitors'. */
  addressSockets(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }

  /** Spends one frame of the socket's budget: false when it has none left. */
  spendFrame(connection: Connection): boolean {
    const now = this.now();
    const refill = ((now - connection.budget.at) / 1000) * FRAME_BUDGET.perSecond;
    connection.budget = { left: Math.min(FRAME_BUDGET.burst, connection.budget.left + refill), at: now };
    if (connection.budget.left < 1) return false;
    connection.budget.left -= 1;
    return true;
  }

  /** Starts or stops sending a topic's frames to the socket; false when it watches too many already. */
  watch(connection: Connection, topic: string, on: boolean): boolean {
    if (!on) {
      connection.topics.delete(topic);
      this.leaveTopic(connection, topic);
      return true;
    }
    if (connection.topics.has(topic)) return true;
    if (connection.topics.size >= MAX_TOPICS_PER_SOCKET) return false;
    connection.topics.add(topic);
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(connection);
    return true;
  }

  sendToTopic(topic: string, frame: object, except?: (connection: Connection) => boolean): void {
    const set = this.byTopic.get(topic);
    if (!set) return;
    const text = JSON.stringify(frame);
    for (const connection of set) if (!except?.(connection)) this.sendText(connection, text);
  }

  send(connection: Connection, frame: object): void {
    this.sendText(connection, JSON.stringify(frame));
  }

  sendToUser(userId: string, frame: object, only?: (connection: Connection) => boolean): void {
    const text = JSON.stringify(frame);
    for (const connection of this.connectionsOf(userId))
      if (!only || only(connection)) this.sendText(connection, text);
  }

  close(connection: Connection, code: number, reason = ''): void {
    this.remove(connection);
    connection.socket.close(code, reason);
  }

  closeAll(code: number, reason = ''): void {
    for (const connection of this.all()) this.close(connection, code, reason);
  }

  stop(): void {
    clearInterval(this.pinger);
    this.closeAll(CLOSE.serviceRestart, 'server restarting');
  }

  private sendText(connection: Connection, text: string): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text);
  }

  private all(): Connection[] {
    return [...this.visitors, ...[...this.byUser.values()].flatMap((set) => [...set])];
  }

  private leaveTopic(connection: Connection, topic: string): void {
    const set = this.byTopic.get(topic);
    if (!set?.delete(connection)) return;
    if (set.size === 0) this.byTopic.delete(topic);
  }

  private remove(connection: Connection): void {
    for (const topic of connection.topics) this.leaveTopic(connection, topic);
    if (connection.userId === null) {
      if (!this.visitors.delete(connection)) return;
      tally(this.visitorsByAddress, connection.address, -1);
    } else {
      const set = this.byUser.get(connection.userId);
      if (!set?.delete(connection)) return;
      if (set.size === 0) this.byUser.delete(connection.userId);
    }
    tally(this.byAddress, connection.address, -1);
  }

  /** A socket that missed two pongs in a row is gone (a phone that lost its network without a goodbye). */
  private pingAll(): void {
    for (const connection of this.all()) {
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
