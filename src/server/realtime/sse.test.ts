import http from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../plugins/errors';
import { eventStreams, type EventStreams } from './sse';

type Tick = { n: number };

/**
 * An app with one stream route: it sends `n` ticks then waits for `release` before ending, and can be told to
 * ignore its signal (like a provider that hangs). `gate` holds a request before it opens its stream; `atGate`
 * resolves when a request waits there, and `closing` once the streams' own shutdown hook has run.
 */
async function streamingApp(
  options: { heartbeatMs?: number; ignoreAbort?: boolean; lastWhenClosing?: { retry: true } } = {},
) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  const state = {
    streams: undefined as unknown as EventStreams,
    signals: [] as AbortSignal[],
    responses: [] as FastifyReply['raw'][],
    gate: null as Promise<void> | null,
    atGate: null as unknown as Promise<void>,
    closing: null as unknown as Promise<void>,
    release: () => {},
    /** What the streams wrote, heartbeats included. */
    written: [] as string[],
  };
  const released = new Promise<void>((resolve) => (state.release = resolve));
  let reachedGate = () => {};
  state.atGate = new Promise<void>((resolve) => (reachedGate = resolve));
  let closingSeen = () => {};
  state.closing = new Promise<void>((resolve) => (closingSeen = resolve));
  await app.register(async (scope: FastifyInstance) => {
    state.streams = eventStreams(scope, {
      heartbeatMs: options.heartbeatMs ?? 60_000,
      lastWhenClosing: options.lastWhenClosing,
    });
    // Registered after eventStreams' own, so it runs once that one has finished.
    scope.addHook('preClose', async () => closingSeen());
    scope.get<{ Querystring: { n?: string } }>('/stream', async (request, reply) => {
      if (state.gate) {
        reachedGate();
        await state.gate;
      }
      const stream = state.streams.open<Tick>(reply);
      const write = reply.raw.write.bind(reply.raw) as (chunk: string) => boolean;
      reply.raw.write = ((chunk: string) => {
        state.written.push(chunk);
        return write(chunk);
      }) as typeof reply.raw.write;
      state.signals.push(stream.signal);
      state.responses.push(reply.raw);
      for (let n = 0; n < Number(request.query.n ?? 1); n += 1) stream.send({ n });
      const aborted = new Promise<void>((resolve) =>
        stream.signal.addEventListener('abort', () => resolve()),
      );
      await (options.ignoreAbort ? new Promise(() => {}) : Promise.race([released, aborted]));
      stream.end();
    });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, state };
}

/** Reads a stream until it ends, or until `until` is seen; answers what was read. */
async function read(response: Response, until?: string): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
    if (until && text.includes(until)) {
      void reader.cancel();
      return text;
    }
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 2_000) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let current: FastifyInstance | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

describe('server-sent event streams', () => {
  it('answer with the event-stream headers, events and comment heartbeats, and end when the route ends', async () => {
    const { app, url, state } = await streamingApp({ heartbeatMs: 20 });
    current = app;
    const response = await fetch(`${url}/stream?n=2`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const reading = read(response);
    await waitFor(() => state.written.includes(': keep-alive\n\n'));
    state.release();
    const text = await reading;
    expect(text.startsWith('data: {"n":0}\n\ndata: {"n":1}\n\n')).toBe(true);
    expect(text).toContain(': keep-alive\n\n');
    expect(state.streams.size).toBe(0);
  });

  it('abort their signal when the client goes away', async () => {
    const { app, url, state } = await streamingApp();
    current = app;
    // node:http rather than fetch: fetch opens a spare connection when one is dropped, which holds up close().
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${url}/stream`, { agent: false }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    await waitFor(() => state.signals[0]?.aborted === true);
    await waitFor(() => state.streams.size === 0);
  });

  it('are ended by app.close(), which neither waits for them nor leaves them open', async () => {
    // The route ignores its signal, like a model that hangs: only the stream's own shutdown can end it.
    const { app, url, state } = await streamingApp({ ignoreAbort: true });
    const responses = await Promise.all([1, 2, 3].map(() => fetch(`${url}/stream`)));
    const readings = responses.map((response) => read(response));
    await waitFor(() => state.streams.size === 3);

    // It resolves at all: waiting for the route, which never ends, would run into the test's timeout.
    await app.close();
    for (const text of await Promise.all(readings)) expect(text).toBe('data: {"n":0}\n\n');
    // Ended and sent out in full, not cut off by the shutdown's last resort.
    expect(state.responses.map((raw) => raw.writableFinished)).toEqual([true, true, true]);
    expect(state.signals.every((signal) => signal.aborted)).toBe(true);
    expect(state.streams.size).toBe(0);
  });

  it('send their last event when the app closes (Chloe’s tells the client to ask again elsewhere)', async () => {
    const { app, url, state } = await streamingApp({ lastWhenClosing: { retry: true } });
    const response = await fetch(`${url}/stream?n=1`);
    const reading = read(response);
    await waitFor(() => state.streams.size === 1);
    await app.close();
    expect(await reading).toBe('data: {"n":0}\n\ndata: {"retry":true}\n\n');
  });

  it('are not opened once the app is closing: the request gets a 503 instead', async () => {
    const { app, url, state } = await streamingApp();
    let open = () => {};
    state.gate = new Promise<void>((resolve) => (open = resolve));
    const pending = fetch(`${url}/stream`);
    await state.atGate;
    const closed = app.close();
    await state.closing;
    open();
    const response = await pending;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: 'The service is not available right now.',
      code: 'UNAVAILABLE',
    });
    await closed;
    expect(state.streams.size).toBe(0);
  });
});
