import Fastify, { type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { loadKnowledge, syncKnowledge } from '../../db/seed/knowledge';
import { testConfig, useTestApp } from '../../test/helpers';
import { readEvents } from './chloe.test-helpers';
import type { ChatProvider } from './providers';
import { chloeRoutes } from './routes';

describe('Chloe’s stream when the server shuts down', () => {
  const t = useTestApp();

  it('is ended at once: the provider is aborted, the answer stops, and app.close() resolves', async () => {
    await syncKnowledge(t.db, loadKnowledge());
    let providerSignal: AbortSignal | undefined;
    let releasedBy: 'abort' | 'its minute' | undefined;
    let firstChunkSent = () => {};
    const firstChunk = new Promise<void>((resolve) => (firstChunkSent = resolve));
    // A model that says one word and then takes its time, as a slow one does.
    const slow: ChatProvider = {
      name: 'slow',
      async *stream(request) {
        providerSignal = request.signal;
        yield 'Thinking';
        firstChunkSent();
        releasedBy = await new Promise<'abort' | 'its minute'>((resolve) => {
          const timer = setTimeout(() => resolve('its minute'), 60_000);
          request.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve('abort');
          });
        });
        if (!request.signal.aborted) yield ' done.';
      },
    };
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const responses: FastifyReply['raw'][] = [];
    app.addHook('onRequest', async (_request, reply) => {
      responses.push(reply.raw);
    });
    await app.register(chloeRoutes, { db: t.db, config: testConfig(t.database.url), provider: slow });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });

    const response = await fetch(`${url}/api/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'How do I get a tax file number?' }),
    });
    expect(response.status).toBe(200);
    const reading = readEvents(response);
    await firstChunk;

    await app.close();
    // Promptly, not after the provider's minute: the shutdown's abort is what let the model go.
    expect(releasedBy).toBe('abort');
    expect(providerSignal?.aborted).toBe(true);
    // The answer was ended and sent out in full, not cut off by the shutdown's last resort.
    expect(responses.map((raw) => raw.writableFinished)).toEqual([true]);
    // What was said stays; the last event tells the client to ask again (another instance will answer), and no
    // error event or half-written event is added.
    const { events } = await reading;
    expect(events).toEqual([{ type: 'chunk', content: 'Thinking' }, { type: 'retry' }]);
  });
});
