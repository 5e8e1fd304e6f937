import type { FastifyInstance, FastifyReply } from 'fastify';
import { errors } from '../errors';

const HEARTBEAT_MS = 15_000;
/** How long shutdown waits for ended streams to flush before it cuts their connections. */
const FLUSH_MS = 2_000;

/** Event streams open in this process, across every app in it (for /metrics). */
let openInProcess = 0;
export const openEventStreams = (): number => openInProcess;

/** One open server-sent event stream. */
export type EventStream<Event> = {
  /** Aborted when the client goes away or the server shuts down: pass it on to cancel the work upstream. */
  readonly signal: AbortSignal;
  /** Writes one `data:` event; does nothing once the stream is aborted or ended. */
  send: (event: Event) => void;
  /** Ends the response; safe to call more than once. */
  end: () => void;
};

export type EventStreams = {
  /** Takes the reply over and answers with an event stream; a 503 instead while the server is shutting down. */
  open: <Event>(reply: FastifyReply) => EventStream<Event>;
  /** Streams open now. */
  readonly size: number;
};

/**
 * Server-sent events for the routes of one plugin: the headers go out at once, uncompressed and unbuffered by
 * proxies; a comment line every 15 s keeps proxies from closing a quiet connection; a client that goes away
 * aborts the stream's signal. The open streams are tracked, and when the app closes each is aborted and ended
 * before the server stops listening: a hijacked response is invisible to Fastify, so without this `app.close()`
 * would wait for every open stream to finish (or for ever, on a provider that hangs).
 */
export function eventStreams<Event>(
  app: FastifyInstance,
  options: { heartbeatMs?: number; lastWhenClosing?: Event } = {},
): EventStreams {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const farewell =
    options.lastWhenClosing === undefined ? '' : `data: ${JSON.stringify(options.lastWhenClosing)}\n\n`;
  const open = new Set<{ abort: () => void; end: () => void; raw: FastifyReply['raw'] }>();
  let closing = false;

  app.addHook('preClose', async () => {
    closing = true;
    const streams = [...open];
    const flushed = streams.map(
      ({ raw }) => new Promise<void>((resolve) => (raw.closed ? resolve() : raw.once('close', resolve))),
    );
    for (const stream of streams) {
      stream.abort();
      // The client is told to ask again: the proxy sends it to an instance that is not stopping.
      if (farewell && !stream.raw.writableEnded) stream.raw.write(farewell);
      stream.end();
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), FLUSH_MS)));
    if ((await Promise.race([Promise.all(flushed), late])) === 'late') {
      for (const { raw } of streams) raw.destroy();
    }
    clearTimeout(timer);
  });

  return {
    get size() {
      return open.size;
    },
    open<Event>(reply: FastifyReply): EventStream<Event> {
      if (closing) {
        // The server has already stopped taking connections; this one must not be kept alive either.
        reply.header('connection', 'close');
        throw errors.unavailable();
      }
      const controller = new AbortController();
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        // The stream ends the exchange: a kept-alive connection would hold up the server's shutdown.
        connection: 'close',
      });
      raw.flushHeaders();

      const heartbeat = setInterval(() => {
        if (!controller.signal.aborted) raw.write(': keep-alive\n\n');
      }, heartbeatMs);
      const tracked = {
        raw,
        abort: () => controller.abort(),
        end: () => {
          clearInterval(heartbeat);
          if (open.delete(tracked)) openInProcess -= 1;
          if (!raw.writableEnded) raw.end();
        },
      };
      open.add(tracked);
      openInProcess += 1;
      // The response closing before we end it means the client went away.
      raw.on('close', () => {
        if (!raw.writableEnded) controller.abort();
        tracked.end();
      });

      return {
        signal: controller.signal,
        send: (event) => {
          if (!controller.signal.aborted && !raw.writableEnded) {
            raw.write(`data: ${JSON.stringify(event)}\n\n`);
          }
        },
        end: tracked.end,
      };
    },
  };
}
