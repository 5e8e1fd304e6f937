/** Any percent-encoded path segment, and JSON bodies holding bytes that are not UTF-8: never a 5xx. */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encode, encodedAny } from './inputs.arbitraries.test-helpers';
import { FEW_RUNS, json, MANY_RUNS, sseEvents, TIMEOUT, useInputsApp } from './inputs.test-helpers';
import { bearer, TEST_PASSWORD } from './test/helpers';

const { send, uuidOrExisting, member, admin } = useInputsApp();

describe('percent-encoded paths and raw bodies', () => {
  const routes: { method: InjectOptions['method']; path: (seg: string) => string; payload?: object }[] = [
    { method: 'GET', path: (s) => `/api/questions/${s}` },
    { method: 'DELETE', path: (s) => `/api/questions/${s}` },
    { method: 'POST', path: (s) => `/api/questions/${s}/like`, payload: {} },
    { method: 'POST', path: (s) => `/api/questions/${s}/bookmark`, payload: {} },
    { method: 'POST', path: (s) => `/api/questions/${s}/replies`, payload: { content: 'hello' } },
    { method: 'POST', path: (s) => `/api/questions/${s}/report`, payload: { reason: 'spam' } },
    { method: 'POST', path: (s) => `/api/replies/${s}/report`, payload: { reason: 'spam' } },
    { method: 'GET', path: (s) => `/api/questions/${s}/voice-note` },
    { method: 'GET', path: (s) => `/api/government/local/${s}` },
    { method: 'PUT', path: (s) => `/api/admin/government/status/${s}`, payload: { note: 'x' } },
    { method: 'POST', path: (s) => `/api/admin/ai-jobs/${s}/retry` },
    { method: 'GET', path: (s) => `/api/${s}` },
    { method: 'GET', path: (s) => `/${s}` },
  ];

  it(
    'any percent-encoded segment in any route with a parameter',
    async () => {
      const segment = fc.oneof(
        { weight: 2, arbitrary: uuidOrExisting().map(encode) },
        { weight: 4, arbitrary: encodedAny(400) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '%',
            '%F',
            '%FF',
            '%C0%AF',
            '%ED%A0%80',
            '%00',
            '%2F',
            '..%2F..',
            '',
            '%25',
          ),
        },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 120 }).map(encodeURI) },
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...routes), segment, async (route, seg) => {
          await send({
            method: route.method,
            url: route.path(seg),
            headers: { ...json, ...bearer(admin.token) },
            ...(route.payload ? { payload: route.payload } : {}),
          });
        }),
        MANY_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'JSON bodies whose strings hold raw bytes that are not UTF-8',
    async () => {
      const targets = [
        { url: '/api/questions', key: 'title', rest: '"content":"x"' },
        { url: '/api/questions', key: 'content', rest: '"title":"x"' },
        {
          url: '/api/auth/signup',
          key: 'displayName',
          rest: `"email":"raw-${randomUUID()}@example.com","password":"${TEST_PASSWORD}"`,
        },
        { url: '/api/ai/chat', key: 'message', rest: '"history":[]' },
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...targets),
          fc
            .uint8Array({ minLength: 1, maxLength: 40 })
            .filter((b) => !b.includes(0x22) && !b.includes(0x5c)),
          async (target, bytes) => {
            const payload = Buffer.concat([
              Buffer.from(`{${target.rest},"${target.key}":"`),
              Buffer.from(bytes),
              Buffer.from('"}'),
            ]);
            const response = await send({
              method: 'POST',
              url: target.url,
              headers: { ...json, ...member.headers },
              payload,
            });
            if (response.statusCode === 200 && target.url === '/api/ai/chat') {
              expect(sseEvents(response.body).map((e) => e.type)).not.toContain('error');
            }
          },
        ),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );
});
