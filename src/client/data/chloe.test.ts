import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent } from '../../shared/schemas/ai';
import { ApiError } from '../lib/api';
import { chatFailure, parseEvents, streamChat } from './chloe';

const chunk = (content: string) => `data: ${JSON.stringify({ type: 'chunk', content })}\n\n`;
const DONE = 'data: {"type":"done","sources":[{"title":"FAQ","url":"/faq"}]}\n\n';

describe('parseEvents', () => {
  it('keeps an event split across chunks until its end arrives', () => {
    const event = chunk('Hello');
    const first = parseEvents(event.slice(0, 12));
    expect(first).toEqual({ events: [], rest: event.slice(0, 12) });
    expect(parseEvents(first.rest + event.slice(12))).toEqual({
      events: [{ type: 'chunk', content: 'Hello' }],
      rest: '',
    });
  });

  it('reads several events from one chunk, keeping the unfinished one', () => {
    expect(parseEvents(`${chunk('a')}${chunk('b')}${DONE}data: {"ty`)).toEqual({
      events: [
        { type: 'chunk', content: 'a' },
        { type: 'chunk', content: 'b' },
        { type: 'done', sources: [{ title: 'FAQ', url: '/faq' }] },
      ],
      rest: 'data: {"ty',
    });
  });

  it('skips comment lines: the heartbeat alone and beside data', () => {
    expect(parseEvents(`: ping\n\n: keep-alive\n${chunk('x')}`)).toEqual({
      events: [{ type: 'chunk', content: 'x' }],
      rest: '',
    });
  });

  it('keeps text with a newline inside JSON strings intact', () => {
    expect(parseEvents(chunk('line 1\nline 2')).events).toEqual([
      { type: 'chunk', content: 'line 1\nline 2' },
    ]);
  });
});

/** A fetch that answers with an event stream of these chunks; it errors like the browser's when aborted. */
function serveStream(chunks: string[], { hold = false } = {}) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const text of chunks) controller.enqueue(encoder.encode(text));
        init?.signal?.addEventListener('abort', () =>
          controller.error(new DOMException('The operation was aborted.', 'AbortError')),
        );
        if (!hold) controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** An event stream of these chunks, as a response. */
function sse(chunks: string[]) {
  return new Response(chunks.join(''), { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

async function collect(signal = new AbortController().signal, onEach?: (event: ChatEvent) => void) {
  const events: ChatEvent[] = [];
  await streamChat(
    { message: 'Hi', history: [] },
    (event) => {
      events.push(event);
      onEach?.(event);
    },
    signal,
  );
  return events;
}

describe('streamChat', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('delivers the events of a stream in order, whatever the chunk boundaries', async () => {
    const text = `: ping\n\n${chunk('Hel')}${chunk('lo')}${DONE}`;
    const fetch = serveStream([text.slice(0, 5), text.slice(5, 30), text.slice(30)]);
    expect(await collect()).toEqual([
      { type: 'chunk', content: 'Hel' },
      { type: 'chunk', content: 'lo' },
      { type: 'done', sources: [{ title: 'FAQ', url: '/faq' }] },
    ]);
    expect(fetch).toHaveBeenCalledWith(
      '/api/ai/chat',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ message: 'Hi', history: [] }),
        headers: expect.objectContaining({ accept: 'text/event-stream' }) as unknown,
      }),
    );
  });

  it('passes on an error event from the server, and adds nothing after it', async () => {
    serveStream([chunk('Half'), 'data: {"type":"error","message":"broken"}\n\n']);
    expect(await collect()).toEqual([
      { type: 'chunk', content: 'Half' },
      { type: 'error', message: 'broken' },
    ]);
  });

  it('gives the interrupted error when the stream ends without done', async () => {
    serveStream([chunk('Half an ans'), 'data: {"type":"chu']);
    expect(await collect()).toEqual([
      { type: 'chunk', content: 'Half an ans' },
      { type: 'error', message: 'interrupted' },
    ]);
  });

  it('stops quietly when aborted mid-stream', async () => {
    serveStream([chunk('Hel')], { hold: true });
    const controller = new AbortController();
    const events = await collect(controller.signal, () => controller.abort());
    expect(events).toEqual([{ type: 'chunk', content: 'Hel' }]);
  });

  it('asks again from the start when the server restarts under the answer, or is restarting when asked', async () => {
    const answers = [
      () => Response.json({ error: 'Restarting' }, { status: 503 }),
      () => sse([chunk('Hal'), 'data: {"type":"retry"}\n\n']),
      () => sse([chunk('Whole'), DONE]),
    ];
    const fetch = vi.fn(async () => answers.shift()!());
    vi.stubGlobal('fetch', fetch);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      expect(await collect()).toEqual([
        { type: 'retry' },
        { type: 'chunk', content: 'Hal' },
        { type: 'retry' },
        { type: 'chunk', content: 'Whole' },
        { type: 'done', sources: [{ title: 'FAQ', url: '/faq' }] },
      ]);
    } finally {
      vi.useRealTimers();
    }
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('gives up with the interrupted error after two restarts', async () => {
    const fetch = vi.fn(async () => sse(['data: {"type":"retry"}\n\n']));
    vi.stubGlobal('fetch', fetch);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      expect((await collect()).at(-1)).toEqual({ type: 'error', message: 'interrupted' });
    } finally {
      vi.useRealTimers();
    }
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("throws the server's refusal as an ApiError before any event", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: 'Too many messages.', code: 'RATE_LIMITED' }, { status: 429 }),
      ),
    );
    const failure = collect().catch((error: unknown) => error);
    expect(await failure).toBeInstanceOf(ApiError);
    expect(chatFailure(await failure)).toEqual({ stage: 'send', reason: 'Too many messages.' });
  });
});

describe('chatFailure', () => {
  it('shows the server reason only for bad input and rate limits', () => {
    expect(chatFailure(new ApiError(400, 'Please write a message.'))).toEqual({
      stage: 'send',
      reason: 'Please write a message.',
    });
    expect(chatFailure(new ApiError(503, 'Down'))).toEqual({ stage: 'send' });
    expect(chatFailure(new ApiError(0, 'Network', 'NETWORK'))).toEqual({ stage: 'send' });
    expect(chatFailure(new TypeError('network error'))).toEqual({ stage: 'stream' });
  });
});
