import pg from 'pg';
import type { Database } from '../db/client';
import { EVENTS_CHANNEL, isKind, parseEvent, type EventKind, type HeardEvent } from './events';

/** The listening connections' name in pg_stat_activity. */
export const LISTENER_NAME = 'mentorme-listener';

/** How often the listening connection is asked whether it is alive, and how recent an answer keeps it live. */
export const BUS_HEARTBEAT_MS = 250;
export const BUS_LIVE_WITHIN_MS = 1_000;

type Handler = (event: HeardEvent) => void;

/**
 * One instance's ear on the channel: a dedicated connection outside the pool (a pooled one would be handed to
 * queries), re-established with backoff when it fails. Events published while it was down are not heard: the
 * `reconnected` handlers let the realtime layer tell its clients to catch up.
 */
export class EventBus {
  private client: pg.Client | null = null;
  /** When the listening connection last answered a heartbeat: every event sent before then has been heard. */
  private aliveAt = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly handlers = new Set<Handler>();
  private readonly reconnectHandlers = new Set<() => void>();
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private attempt = 0;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly log: { warn: (object: object, message: string) => void },
    private readonly maxBackoffMs = 5_000,
  ) {}

  /** The listening connection's settings, taken from the app's pool. */
  static forDatabase(db: Database, log: EventBus['log']): EventBus {
    return new EventBus(db.$client.options, log);
  }

  /** Hears every event of a declared kind, its payload checked; anything else on the channel is dropped. */
  onEvent(handler: Handler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Hears the events of one kind. */
  on<T extends object>(kind: EventKind<T>, handler: (payload: T) => void): () => void {
    return this.onEvent((event) => {
      if (isKind(event, kind)) handler(event.payload);
    });
  }

  /** Called after the connection came back: events may have been missed meanwhile. */
  onReconnected(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  /** Whether the LISTEN connection is up now: while it is not, other instances' events do not reach this one. */
  get listening(): boolean {
    return this.client !== null;
  }

  /**
   * Whether every event published more than `withinMs` ago has surely been heard: the connection is up and answered
   * a heartbeat since (PostgreSQL delivers the notifications it holds before it answers a query). A connection that
   * died without a word stops being live here within `withinMs`, so what relies on hearing events can stop trusting
   * what it kept.
   */
  live(withinMs = BUS_LIVE_WITHIN_MS): boolean {
    return this.client !== null && Date.now() - this.aliveAt < withinMs;
  }

  /** Resolves once listening; the first connection's failure is thrown, later ones are retried. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...this.connection, application_name: LISTENER_NAME });
    client.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      let raw: unknown;
      try {
        raw = JSON.parse(message.payload);
      } catch {
        return;
      }
      if (typeof raw !== 'object' || raw === null) return;
      const event = parseEvent(raw as Record<string, unknown>);
      if (!event) return;
      for (const handler of this.handlers) {
        try {
          handler(event);
        } catch (error) {
          this.log.warn({ err: error }, 'realtime event handler failed');
        }
      }
    });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      clearInterval(this.heartbeat);
      client.end().catch(() => undefined);
      if (!this.stopped) {
        this.log.warn({ err: error }, 'realtime listener lost its connection; reconnecting');
        this.scheduleReconnect();
      }
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    if (this.stopped) {
      await client.end();
      return;
    }
    this.client = client;
    this.aliveAt = Date.now();
    this.beat(client);
  }

  /** Asks the listening connection a trivial question a few times a second, one at a time. */
  private beat(client: pg.Client): void {
    let asking = false;
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => {
      if (asking || this.client !== client) return;
      asking = true;
      const sent = Date.now();
      client
        .query('select 1')
        .then(
          () => {
            if (this.client === client) this.aliveAt = Math.max(this.aliveAt, sent);
          },
          () => undefined, // The connection's own error handler reconnects.
        )
        .finally(() => {
          asking = false;
        });
    }, BUS_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private scheduleReconnect(): void {
    const delay = Math.min(this.maxBackoffMs, 100 * 2 ** this.attempt) * (0.5 + Math.random() / 2);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.connect().then(
        () => {
          this.attempt = 0;
          for (const handler of this.reconnectHandlers) handler();
        },
        (error: unknown) => {
          if (this.stopped) return;
          this.log.warn({ err: error }, 'realtime listener could not reconnect; trying again');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }
}
