/**
 * Chloe's stream: a fake OpenAI-compatible provider streams 200 chunks, 5 ms apart. The same stream is read
 * directly from the provider and through POST /api/ai/chat in the same run; the difference is what the app adds:
 * the time to the first byte (headers are flushed at once) and, per chunk, the extra delay between consecutive
 * chunks.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import type { Config } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { OpenAICompatibleProvider } from '../src/server/modules/chloe/providers';

const CHUNKS = 200;
const SPACING_MS = 5;
const RUNS = 15;

function fakeProvider(): http.Server {
  return http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let sent = 0;
      const timer = setInterval(() => {
        const delta = { choices: [{ index: 0, delta: { content: `word${sent} ` }, finish_reason: null }] };
        response.write(
          `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'bench', ...delta })}\n\n`,
        );
        sent += 1;
        if (sent === CHUNKS) {
          clearInterval(timer);
          response.end(
            `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`,
          );
        }
      }, SPACING_MS);
      response.on('close', () => clearInterval(timer));
    });
  });
}

/** Reads an event stream and notes when each `data:` event with content arrived, and when the headers did. */
async function timings(url: string, body: unknown): Promise<{ headersMs: number; arrivals: number[] }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const headersMs = performance.now() - started;
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const arrivals: number[] = [];
  let buffer = '';
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    const now = performance.now() - started;
    buffer += part.value;
    const events = buffer.split('\n\n');
    buffer = events.pop()!;
    for (const event of events)
      if (/"(content|type":"chunk)/.test(event) && !event.includes('[DONE]')) arrivals.push(now);
  }
  return { headersMs, arrivals };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const gaps = (arrivals: number[]) => arrivals.slice(1).map((t, i) => t - arrivals[i]!);

export async function benchChloe(config: Config, db: Database): Promise<string[]> {
  const fake = fakeProvider();
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const providerUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  const app = await buildApp({
    config,
    db,
    clientDir: null,
    logger: false,
    chatProvider: new OpenAICompatibleProvider({ baseUrl: providerUrl, model: 'bench' }),
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const firstByte: number[] = [];
  const firstChunk: number[] = [];
  const overhead: number[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const direct = await timings(`${providerUrl}/chat/completions`, {
        model: 'bench',
        stream: true,
        messages: [],
      });
      const through = await timings(`${appUrl}/api/ai/chat`, { message: 'How do I get a tax file number?' });
      if (through.arrivals.length !== CHUNKS)
        throw new Error(`expected ${CHUNKS} chunks, got ${through.arrivals.length}`);
      firstByte.push(through.headersMs);
      firstChunk.push(through.arrivals[0]! - direct.arrivals[0]!);
      const directGaps = gaps(direct.arrivals);
      gaps(through.arrivals).forEach((gap, i) => overhead.push(Math.max(0, gap - directGaps[i]!)));
    }
  } finally {
    await app.close();
    fake.closeAllConnections();
    fake.close();
  }
  return [
    `Chloe stream (${RUNS} runs of ${CHUNKS} chunks, ${SPACING_MS} ms apart, OpenAI-compatible fake provider)`,
    `time to first byte            p50 ${percentile(firstByte, 50).toFixed(1)} ms   p95 ${percentile(firstByte, 95).toFixed(1)} ms   (goal <= 50 ms)`,
    `first chunk, added by the app p50 ${percentile(firstChunk, 50).toFixed(1)} ms   p95 ${percentile(firstChunk, 95).toFixed(1)} ms`,
    `per-chunk overhead            p50 ${percentile(overhead, 50).toFixed(2)} ms  p95 ${percentile(overhead, 95).toFixed(2)} ms  (goal p95 <= 5 ms)`,
  ];
}
