import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const DIMENSIONS = 64;

/**
 * Words that mean the same thing land on the same dimension: enough meaning for a test to show retrieval finding
 * an item that shares no word with the question.
 */
const CONCEPTS: Record<string, string> = {
  salary: 'pay',
  wage: 'pay',
  wages: 'pay',
  paid: 'pay',
  pay: 'pay',
  money: 'pay',
  zorblat: 'pay',
  earnings: 'pay',
  income: 'pay',
  flat: 'home',
  apartment: 'home',
  unit: 'home',
  house: 'home',
  housing: 'home',
  accommodation: 'home',
};

function dimension(word: string): number {
  const key = CONCEPTS[word] ?? word;
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % DIMENSIONS;
}

/** A bag of words, each word (or its concept) on one of 64 dimensions. */
export function testEmbedding(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) vector[dimension(word)]! += 1;
  return vector;
}

export type EmbeddingsServer = {
  url: string;
  /** Every text embedded so far, in order. */
  inputs: string[];
  /** While true, every request fails with 503. */
  down: boolean;
  close: () => Promise<void>;
};

/**
 * An OpenAI-compatible embeddings endpoint (`POST /v1/embeddings`) served by the test itself, as Ollama or any
 * other server answers: the real HTTP client of the app talks to it.
 */
export async function startEmbeddingsServer(): Promise<EmbeddingsServer> {
  const state: EmbeddingsServer = { url: '', inputs: [], down: false, close: async () => undefined };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (state.down || request.method !== 'POST' || !request.url?.endsWith('/embeddings')) {
        response.writeHead(state.down ? 503 : 404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'unavailable' } }));
        return;
      }
      const { input, model } = JSON.parse(body) as { input: string | string[]; model: string };
      const texts = Array.isArray(input) ? input : [input];
      state.inputs.push(...texts);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          object: 'list',
          model,
          data: texts.map((text, index) => ({ object: 'embedding', index, embedding: testEmbedding(text) })),
          usage: { prompt_tokens: texts.length, total_tokens: texts.length },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
