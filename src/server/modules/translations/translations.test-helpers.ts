import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

type ChatBody = { model: string; stream?: boolean; messages: { role: string; content: string }[] };

/** A question in Vietnamese typed without diacritics, as phones often send it. */
export const VIETNAMESE = {
  title: 'Lam sao de xin ma so thue?',
  content: 'Toi moi den Uc va can di lam them.',
};

/**
 * For the calling test file: an OpenAI-compatible chat API that "translates" by naming the language it was asked
 * for ("[Vietnamese] text"); a text with FAIL in it is a model error. `seen` holds every request it received; `url()`
 * is its address for AI_BASE_URL, read once the app is built (after it listens).
 */
export function useFakeModel() {
  const seen: ChatBody[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (data: Buffer) => (raw += data.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw) as ChatBody;
      seen.push(body);
      const text = body.messages.at(-1)!.content;
      if (text.includes('FAIL')) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'model overloaded' } }));
        return;
      }
      const into = /into ([A-Za-z ()]+)\./.exec(body.messages[0]!.content)![1];
      const message = { role: 'assistant', content: `[${into}] ${text}` };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [{ index: 0, message, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  return { seen, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}
