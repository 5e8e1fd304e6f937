import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKnowledge, syncKnowledge } from '../../db/seed/knowledge';
import { MARA_REGISTER_URL } from '../../../shared/constants';
import { useTestApp } from '../../test/helpers';
import { answerOf, readEvents } from './chloe.test-helpers';

type Seen = { body: { model: string; stream: boolean; messages: { role: string; content: string }[] } };
const seen: Seen[] = [];
let upstreamClosed: () => void;
const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const finish = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A slow model's first word comes at once and the rest only once the test has read that word from Chloe. */
let firstWordRead = () => {};
let slowRest = Promise.resolve();

/** An OpenAI-compatible chat API whose behaviour the last user message chooses. */
const fake = http.createServer((request, response) => {
  let raw = '';
  request.on('data', (data: Buffer) => (raw += data.toString()));
  request.on('end', () => {
    const body = JSON.parse(raw) as Seen['body'];
    seen.push({ body });
    const last = body.messages.at(-1)!.content;
    if (last.includes('fail')) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'model overloaded' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    void (async () => {
      if (last.includes('hang')) {
        response.on('close', () => upstreamClosed());
        response.write(chunk('Thinking'));
        return; // never finishes on its own
      }
      const words = ['Apply ', 'for ', 'a ', 'TFN ', 'on ', 'the ', 'ATO ', 'website ', '[1].'];
      for (const [i, word] of words.entries()) {
        if (last.includes('break') && i === 3) {
          await sleep(50); // let what was written arrive first
          response.socket?.destroy();
          return;
        }
        response.write(chunk(word));
        if (last.includes('slow') && i === 0) await slowRest;
      }
      response.end(finish);
    })();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
});
afterAll(() => {
  fake.closeAllConnections();
  fake.close();
});

describe('Chloe with an OpenAI-compatible model', () => {
  const base = { url: '' };
  const t = useTestApp({
    // Read when the app is built, after the fake server above has its port.
    get AI_BASE_URL() {
      return `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
    },
    AI_MODEL: 'fake-model',
    AI_API_KEY: 'test-key',
  });
  beforeAll(async () => {
    await syncKnowledge(t.db, loadKnowledge());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base.url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const chat = (message: string, signal?: AbortSignal) =>
    fetch(`${base.url}/api/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        message,
        history: [
          { role: 'user', content: 'Hello' },
          { role: 'assistant', content: 'Hi!' },
        ],
      }),
      signal,
    });

  it('streams the model’s words through, with the rules and the sources in its instructions', async () => {
    const { events } = await readEvents(await chat('How do I get a tax file number?'));
    expect(answerOf(events)).toBe('Apply for a TFN on the ATO website [1].');
    expect(events.filter((e) => e.type === 'chunk')).toHaveLength(9);
    expect(events.at(-1)).toMatchObject({ type: 'done' });
    const request = seen.at(-1)!.body;
    expect(request.model).toBe('fake-model');
    expect(request.stream).toBe(true);
    const system = request.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('Cite the sources you use by their number');
    expect(system.content).toContain('https://www.ato.gov.au/individuals-and-families/tax-file-number');
    expect(system.content).toContain('never migration or legal advice');
    expect(request.messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('passes a slow stream on as it comes, not at the end', async () => {
    // The model holds the rest of its answer until its first word has come through Chloe: an answer passed on only
    // at the end would never get there.
    slowRest = new Promise<void>((resolve) => (firstWordRead = resolve));
    const response = await chat('slow: how do I get a tax file number?');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let first = '';
    while (!first.includes('{"type":"chunk","content":"Apply "}')) {
      const part = await reader.read();
      expect(part.done).toBe(false);
      first += decoder.decode(part.value, { stream: true });
    }
    expect(first).not.toContain('"type":"done"');
    firstWordRead();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read())
      rest += decoder.decode(part.value, { stream: true });
    const { events } = await readEvents(new Response(first + rest));
    expect(answerOf(events)).toBe('Apply for a TFN on the ATO website [1].');
    expect(events.at(-1)).toMatchObject({ type: 'done' });
  });

  it('turns a model error into an error event', async () => {
    const { events } = await readEvents(await chat('fail please: tax file number'));
    expect(events.at(-1)).toEqual({
      type: 'error',
      message: 'Chloe could not finish this answer. Please try again.',
    });
    expect(events.some((e) => e.type === 'done')).toBe(false);
  });

  it('turns a stream that breaks off into an error event after what had arrived', async () => {
    const { events } = await readEvents(await chat('break: tax file number'));
    expect(answerOf(events)).toBe('Apply for a ');
    expect(events.at(-1)).toMatchObject({ type: 'error' });
  });

  it('keeps its rules around the model: crisis numbers first, the disclaimer last', async () => {
    const text = answerOf(
      (await readEvents(await chat('I want to kill myself. Also, my student visa?'))).events,
    );
    expect(text.startsWith('**If you are in danger right now, call [000](tel:000).**')).toBe(true);
    expect(text).toContain('Apply for a TFN');
    expect(text).toContain(MARA_REGISTER_URL);
  });

  it('cancels the model call when the client goes away', async () => {
    const controller = new AbortController();
    const response = await chat('hang on, tax file number', controller.signal);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('Thinking');
    controller.abort();
    // Still open, the test runs into its timeout.
    await expect(closed.then(() => 'closed')).resolves.toBe('closed');
  });
});
