/** Inputs from the security review, each with the answer it must get: a 400 or 414 in the app's shape. */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { base64urlJson } from './inputs.arbitraries.test-helpers';
import { errorBody, useInputsApp } from './inputs.test-helpers';
import { OFFICIAL_SERVICES } from './modules/government/status';
import { bearer, TEST_PASSWORD } from './test/helpers';

const { send, member, reporter, admin, profileUser, questionIds, replyIds } = useInputsApp();

describe('fixed examples: NUL is refused with 400 VALIDATION', () => {
  const NUL = 'A\u0000B';
  const cases: { name: string; request: () => InjectOptions }[] = [
    {
      name: 'question title',
      request: () => ({
        method: 'POST',
        url: '/api/questions',
        headers: member.headers,
        payload: { title: NUL, content: 'content' },
      }),
    },
    {
      name: 'question content',
      request: () => ({
        method: 'POST',
        url: '/api/questions',
        headers: member.headers,
        payload: { title: 'title', content: NUL },
      }),
    },
    {
      name: 'question tags',
      request: () => ({
        method: 'POST',
        url: '/api/questions',
        headers: member.headers,
        payload: { title: 'title', content: 'content', tags: ['ok', NUL] },
      }),
    },
    {
      name: 'reply',
      request: () => ({
        method: 'POST',
        url: `/api/questions/${questionIds[0]}/replies`,
        headers: member.headers,
        payload: { content: NUL },
      }),
    },
    {
      name: 'question report details',
      request: () => ({
        method: 'POST',
        url: `/api/questions/${questionIds[0]}/report`,
        headers: reporter.headers,
        payload: { reason: 'other', details: NUL },
      }),
    },
    {
      name: 'reply report details',
      request: () => ({
        method: 'POST',
        url: `/api/replies/${replyIds[0]}/report`,
        headers: reporter.headers,
        payload: { reason: 'other', details: NUL },
      }),
    },
    {
      name: 'display name at sign-up',
      request: () => ({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { displayName: NUL, email: `nul-${randomUUID()}@example.com`, password: TEST_PASSWORD },
      }),
    },
    {
      name: 'display name in the profile',
      request: () => ({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: bearer(profileUser.token),
        payload: { displayName: NUL },
      }),
    },
    {
      name: 'admin service notice',
      request: () => ({
        method: 'PUT',
        url: `/api/admin/government/status/${OFFICIAL_SERVICES[0]!.id}`,
        headers: bearer(admin.token),
        payload: { note: NUL },
      }),
    },
    { name: 'feed search q', request: () => ({ method: 'GET', url: '/api/questions?q=A%00B' }) },
    {
      name: 'feed search q (member)',
      request: () => ({ method: 'GET', url: '/api/questions?q=%00', headers: member.headers }),
    },
    {
      name: 'government keyword',
      request: () => ({ method: 'GET', url: '/api/government/resources?keyword=A%00B' }),
    },
    {
      name: "Chloe's message",
      request: () => ({ method: 'POST', url: '/api/ai/chat', payload: { message: NUL } }),
    },
    {
      name: "Chloe's history",
      request: () => ({
        method: 'POST',
        url: '/api/ai/chat',
        payload: { message: 'hi', history: [{ role: 'user', content: NUL }] },
      }),
    },
  ];

  it.each(cases)('$name', async ({ request }) => {
    const response = await send(request());
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'VALIDATION' });
  });

  it('a lone surrogate is refused the same way', async () => {
    const response = await send({
      method: 'POST',
      url: '/api/questions',
      headers: member.headers,
      payload: { title: 'A \ud800 B', content: 'content' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('fixed examples: cursors and paths', () => {
  const id = randomUUID();
  it.each([
    ['trending', { at: '2024-02-30T00:00:00.000Z', offset: 0 }],
    ['trending', { at: '0000-01-01T00:00:00Z', offset: 0 }],
    ['latest', { createdAt: '2024-02-30T00:00:00.000Z', id }],
    ['latest', { createdAt: '0000-01-01T00:00:00Z', id }],
  ])('a %s cursor of %j is a 400', async (sort, cursor) => {
    for (const headers of [{}, member.headers]) {
      const response = await send({
        method: 'GET',
        url: `/api/questions?sort=${sort}&cursor=${base64urlJson(cursor)}`,
        headers,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'VALIDATION' });
    }
  });

  it('/api/questions/%FF is a 400 in the app’s shape', async () => {
    for (const headers of [{}, member.headers]) {
      const response = await send({ method: 'GET', url: '/api/questions/%FF', headers });
      expect(response.statusCode).toBe(400);
      expect(errorBody.parse(response.json())).toBeTruthy();
    }
  });

  it('an id of 101 characters or more is a 414 or a 400 in the app’s shape', async () => {
    for (const length of [101, 150, 1_000, 10_000]) {
      for (const url of [
        `/api/questions/${'a'.repeat(length)}`,
        `/api/government/local/${'1'.repeat(length)}`,
      ]) {
        const response = await send({ method: 'GET', url, headers: member.headers });
        expect([400, 414]).toContain(response.statusCode);
        expect(errorBody.parse(response.json())).toBeTruthy();
      }
    }
  });

  it('a NUL in Chloe’s message is a 400 in JSON, not a 200 stream', async () => {
    const response = await send({
      method: 'POST',
      url: '/api/ai/chat',
      payload: { message: 'tax\u0000file' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).not.toContain('data:');
  });
});
