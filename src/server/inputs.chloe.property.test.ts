/** Any message and history sent to Chloe: never a 5xx, and a stream that starts ends with its done event. */
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { anything, longOk, oneFieldOff } from './inputs.arbitraries.test-helpers';
import {
  clip,
  describeRequest,
  FEW_RUNS,
  json,
  serverLogText,
  sseEvents,
  TIMEOUT,
  useInputsApp,
} from './inputs.test-helpers';

const { send, serverLog, member } = useInputsApp();

describe('Chloe', () => {
  it(
    'POST /api/ai/chat: message and history; a stream it starts ends with done, never an error',
    async () => {
      const validTurn = fc.record({ role: fc.constantFrom('user', 'assistant'), content: longOk(300) });
      const body = oneFieldOff(
        fc.record({
          message: fc.oneof(
            longOk(200),
            fc.constantFrom(
              'How do I get a tax file number?',
              'lam sao de xin ma so thue',
              'hi',
              'I want to kill myself',
              'Can I work more hours on my student visa?',
            ),
          ),
          history: fc.array(validTurn, { maxLength: 4 }),
        }),
        {
          message: anything(2_000),
          history: fc.oneof(
            {
              weight: 3,
              arbitrary: fc.array(fc.record({ role: anything(), content: anything(10_000) }), {
                maxLength: 4,
              }),
            },
            { weight: 1, arbitrary: fc.array(validTurn, { minLength: 19, maxLength: 22 }) },
            { weight: 1, arbitrary: anything() },
          ),
        },
      );
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (payload, asMember) => {
          const options: InjectOptions = {
            method: 'POST',
            url: '/api/ai/chat',
            headers: { ...json, ...(asMember ? member.headers : {}) },
            payload,
          };
          const response = await send(options);
          if (response.statusCode === 200) {
            const events = sseEvents(response.body);
            if (events.some((e) => e.type === 'error') || events.at(-1)?.type !== 'done') {
              throw new Error(
                `${describeRequest(options)} -> a stream without its done event: ${clip(response.body)}\n` +
                  serverLogText(serverLog),
              );
            }
          }
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );
});
