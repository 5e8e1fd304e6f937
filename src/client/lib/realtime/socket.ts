import type { ClientFrame } from '../../../shared/schemas/chat';
import type { WatchFrame } from '../../../shared/schemas/notifications';
import type { RealtimeFrame } from '../../../shared/schemas/realtime';

/**
 * `idle`: nobody needs the socket (signed out, or no screen listening). `connecting`: the first attempt.
 * `connected`: open. `reconnecting`: it was lost and we are waiting for, or making, the next attempt.
 */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting';

type FrameListener = (frame: RealtimeFrame) => void;
/** `reconnect` is false for the first connection after the socket was idle. */
type ConnectListener = (info: { reconnect: boolean }) => void;

/** What the client uses of a WebSocket (a fake one in tests). */
type WebSocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export type SocketOptions = {
  /** The address for a member's socket (`member` true) or a visitor's. */
  url: (member: boolean) => string;
  /** Read when connecting, so tests can stub the global. */
  createSocket?: (url: string) => WebSocketLike;
  random?: () => number;
  minDelayMs?: number;
  maxDelayMs?: number;
};

const OPEN = 1;
/** The server's close code when the socket's session ended (server realtime/socket-hub.ts CLOSE.sessionEnded). */
const SESSION_ENDED = 4001;

/** The next wait: exponential from the floor to the cap, spread at random so many phones do not retry at once. */
export function backoffDelay(attempt: number, random: number, minMs = 500, maxMs = 30_000): number {
  const ceiling = Math.min(maxMs, minMs * 2 ** attempt);
  return Math.round(minMs + random * (ceiling - minMs));
}

function isServerFrame(value: unknown): value is RealtimeFrame {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

/**
 * The app's one WebSocket, shared by every screen: a member's (chat, the bell, the live feed) or a visitor's (the
 * live feed only). It is open while someone listens, comes back by itself after a drop (sooner when the phone
 * regains its network or the tab is shown again) and joins and watches again what was joined and watched, since the
 * server forgets them with the old connection.
 */
export class RealtimeSocket {
  private socket: WebSocketLike | null = null;
  private state: ConnectionState = 'idle';
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private everConnected = false;
  private readonly frameListeners = new Set<FrameListener>();
  private readonly connectListeners = new Set<ConnectListener>();
  private readonly stateListeners = new Set<() => void>();
  private readonly sessionEndedListeners = new Set<() => void>();
  /** Conversation id → how many screens joined it. */
  private readonly joined = new Map<string, number>();
  /** Public topic → how many screens watch it. */
  private readonly watched = new Map<string, number>();
  /** Whose socket it is: a member's id, or null for a visitor. */
  private member: string | null = null;
  private readonly options: Required<SocketOptions>;

  constructor(options: SocketOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url),
      random: Math.random,
      minDelayMs: 500,
      maxDelayMs: 30_000,
      ...options,
    };
  }

  getState = (): ConnectionState => this.state;

  /** Frames from the server; the first listener opens the socket and the last one to leave closes it. */
  subscribe(listener: FrameListener): () => void {
    this.frameListeners.add(listener);
    this.ensureOpen();
    return () => {
      this.frameListeners.delete(listener);
      if (this.frameListeners.size === 0) this.shutdown();
    };
  }

  /** Called after each connection opens, so a screen can fetch what it missed while it was away. */
  onConnect(listener: ConnectListener): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  /**
   * The server closed the socket because the session ended (sign-out elsewhere, a password or role change): the
   * app checks the session and signs out if it is gone. Reconnecting goes on meanwhile, as for any drop.
   */
  onSessionEnded(listener: () => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => this.sessionEndedListeners.delete(listener);
  }

  onStateChange = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Sends when open; a frame sent while offline is dropped (joins and watches are kept and sent on connect). */
  send(frame: ClientFrame | WatchFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Joins a conversation (again after every reconnect) until the returned function is called. */
  join(conversationId: string): () => void {
    return this.hold(this.joined, conversationId, (type) => ({
      type: type ? 'join' : 'leave',
      conversationId,
    }));
  }

  /** Hears a public topic (the feed, a question page) until the returned function is called. */
  watch(topic: WatchFrame['topic']): () => void {
    return this.hold(this.watched, topic, (type) => ({ type: type ? 'watch' : 'unwatch', topic }));
  }

  /**
   * Who is signed in: a member's socket and a visitor's are different addresses, so a change reconnects at once
   * (what is joined and watched is sent again).
   */
  setMember(userId: string | null): void {
    if (userId === this.member) return;
    this.member = userId;
    if (this.state === 'idle') return;
    this.drop();
    clearTimeout(this.timer);
    this.attempt = 0;
    this.everConnected = false;
    this.setState('connecting');
    this.connect();
  }

  /** Counts the screens holding a key; the first sends `frame(true)`, the last to let go `frame(false)`. */
  private hold(
    counts: Map<string, number>,
    key: string,
    frame: (on: boolean) => ClientFrame | WatchFrame,
  ): () => void {
    const count = counts.get(key) ?? 0;
    counts.set(key, count + 1);
    if (count === 0) this.send(frame(true));
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const now = (counts.get(key) ?? 1) - 1;
      if (now > 0) return void counts.set(key, now);
      counts.delete(key);
      this.send(frame(false));
    };
  }

  /** The network or the tab came back: try now instead of waiting out the backoff. */
  wake = (): void => {
    // Only while waiting: an attempt in flight is left to finish.
    if (this.state !== 'reconnecting' || this.socket) return;
    clearTimeout(this.timer);
    this.connect();
  };

  private setState(next: ConnectionState) {
    if (next === this.state) return;
    this.state = next;
    this.stateListeners.forEach((listener) => listener());
  }

  private ensureOpen() {
    if (this.state !== 'idle') return;
    this.attempt = 0;
    this.everConnected = false;
    this.setState('connecting');
    this.listenToBrowser(true);
    this.connect();
  }

  private connect() {
    this.timer = undefined;
    let socket: WebSocketLike;
    try {
      socket = this.options.createSocket(this.options.url(this.member !== null));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const reconnect = this.everConnected;
      this.everConnected = true;
      this.setState('connected');
      for (const conversationId of this.joined.keys()) this.send({ type: 'join', conversationId });
      for (const topic of this.watched.keys()) this.send({ type: 'watch', topic });
      this.connectListeners.forEach((listener) => listener({ reconnect }));
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      let frame: unknown;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (!isServerFrame(frame)) return;
      // The server accepted us: a drop after this starts the backoff from the floor again. Counting from
      // `open` instead would retry every 0.5 s forever against a server that accepts and then closes.
      if (frame.type === 'hello') this.attempt = 0;
      this.frameListeners.forEach((listener) => listener(frame));
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleReconnect();
      if (event.code === SESSION_ENDED) this.sessionEndedListeners.forEach((listener) => listener());
    };
    // An error is always followed by close, which does the work.
    socket.onerror = () => undefined;
  }

  private scheduleReconnect() {
    if (this.frameListeners.size === 0) return this.shutdown();
    this.setState('reconnecting');
    const delay = backoffDelay(
      this.attempt,
      this.options.random(),
      this.options.minDelayMs,
      this.options.maxDelayMs,
    );
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private shutdown() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.listenToBrowser(false);
    this.drop();
    this.setState('idle');
  }

  /** Lets go of the open socket without hearing its close. */
  private drop() {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close(1000);
    }
  }

  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') this.wake();
  };

  private listenToBrowser(on: boolean) {
    if (typeof window === 'undefined') return;
    const method = on ? 'addEventListener' : 'removeEventListener';
    window[method]('online', this.wake);
    document[method]('visibilitychange', this.onVisibility);
  }
}

function socketUrl(member: boolean): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${member ? '/ws' : '/ws/public'}`;
}

/** The app's one socket. */
export const realtimeSocket = new RealtimeSocket({ url: socketUrl });
