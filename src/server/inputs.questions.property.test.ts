/** Every field and query parameter of the questions, replies and reports: the answer is never a 5xx. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS } from '../shared/categories';
import { REPORT_REASONS } from '../shared/schemas/questions';
import {
  anyParam,
  anything,
  base64urlJson,
  encode,
  encodedAny,
  extraParam,
  lineOk,
  longOk,
  numeric,
  oneFieldOff,
  validParam,
  withExtra,
  withQuery,
} from './inputs.arbitraries.test-helpers';
import { json, MANY_RUNS, RUNS, TIMEOUT, useInputsApp } from './inputs.test-helpers';
import { insertQuestions, insertReply } from './modules/questions/questions.test-helpers';

const { t, send, readBack, existingQuestion, uuidOrExisting, member, reporter, realCursors } = useInputsApp();

describe('questions', () => {
  it(
    'POST /api/questions: title, content, tags and category; then read back and searched for',
    async () => {
      const body = oneFieldOff(
        fc.record({
          title: lineOk(80),
          content: longOk(300),
          tags: fc.array(lineOk(15), { maxLength: 5 }),
          category: fc.constantFrom(...CATEGORY_SLUGS, null),
          isUrgent: fc.boolean(),
          isAnonymous: fc.boolean(),
        }),
        {
          title: anything(200),
          content: anything(10_000),
          tags: fc.oneof(
            { weight: 4, arbitrary: fc.array(anything(30), { maxLength: 12 }) },
            {
              weight: 1,
              arbitrary: fc.array(fc.constantFrom('a', 'A', ' a ', '', '\u00a0'), { maxLength: 60 }),
            },
            { weight: 1, arbitrary: fc.array(lineOk(15), { minLength: 11, maxLength: 55 }) },
            { weight: 1, arbitrary: anything() },
          ),
          category: fc.oneof(
            anything(),
            fc.constantFrom(...CATEGORY_SLUGS).map((slug) => slug.toUpperCase()),
          ),
          isUrgent: anything(),
          isAnonymous: anything(),
        },
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const response = await send({
            method: 'POST',
            url: '/api/questions',
            headers: { ...json, ...member.headers },
            payload,
          });
          if (response.statusCode === 201) {
            const { id, title } = response.json<{ id: string; title: string }>();
            await readBack(`/api/questions/${id}`);
            await readBack('/api/questions?sort=latest');
            await readBack(`/api/questions?q=${encode(title)}`);
          }
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'GET /api/questions: q, cursor, category, sort and limit, for visitors and members',
    async () => {
      const query = oneFieldOff(
        fc.record({
          q: validParam(
            fc.oneof(lineOk(20), fc.constantFrom('tax', 'rent bond', 'thuế', 'a:*', '!!', '(', "'")),
          ),
          cursor: validParam(fc.constantFrom(...realCursors)),
          category: validParam(fc.constantFrom(...CATEGORY_SLUGS)),
          sort: validParam(fc.constantFrom('trending', 'latest')),
          limit: validParam(fc.integer({ min: 1, max: 50 }).map(String)),
        }),
        {
          q: anyParam(),
          cursor: anyParam(),
          category: fc.oneof(anyParam(), fc.constant('all')),
          sort: anyParam(),
          limit: fc.oneof(anyParam(), numeric.map(encode)),
        },
      );
      await fc.assert(
        fc.asyncProperty(query, extraParam, fc.boolean(), async (params, extra, asMember) => {
          await send({
            method: 'GET',
            url: withQuery('/api/questions', withExtra(params, extra)),
            headers: asMember ? member.headers : {},
          });
        }),
        MANY_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'GET /api/questions: cursors of base64url JSON, with impossible dates and anything else',
    async () => {
      const digits = (n: number, max: number) =>
        fc.integer({ min: 0, max }).map((v) => String(v).padStart(n, '0'));
      const time = fc.oneof(
        {
          weight: 3,
          arbitrary: fc
            .date({
              min: new Date('0001-01-01T00:00:00Z'),
              max: new Date('9999-12-31T23:59:59Z'),
              noInvalidDate: true,
            })
            .map((d) => d.toISOString()),
        },
        {
          weight: 3,
          arbitrary: fc
            .tuple(digits(4, 9999), digits(2, 19), digits(2, 39), digits(2, 29), digits(2, 69), digits(2, 69))
            .chain(([y, mo, d, h, mi, s]) =>
              fc
                .constantFrom('Z', '.000Z', '.123456Z', '.1234567Z', '+10:00', '')
                .map((end) => `${y}-${mo}-${d}T${h}:${mi}:${s}${end}`),
            ),
        },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            '2024-02-30T00:00:00.000Z',
            '0000-01-01T00:00:00Z',
            '0001-01-01T00:00:00Z',
            '9999-12-31T23:59:59.999999Z',
            '2024-01-01T24:00:00Z',
            '2016-12-31T23:59:60Z',
          ),
        },
        { weight: 1, arbitrary: anything() },
      );
      const offset = fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: -1, max: 100_001 }) },
        { weight: 1, arbitrary: fc.constantFrom(0, 1e21, -0, 0.5, Number.MAX_SAFE_INTEGER + 2) },
        { weight: 1, arbitrary: anything() },
      );
      const cursorJson = fc.oneof(
        { weight: 4, arbitrary: fc.record({ at: time, offset }) },
        { weight: 4, arbitrary: fc.record({ createdAt: time, id: fc.oneof(fc.uuid(), anything()) }) },
        {
          weight: 1,
          arbitrary: fc.record({ at: time, offset, createdAt: time, id: fc.uuid() }, { requiredKeys: [] }),
        },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      );
      const cursor = fc.oneof(
        { weight: 6, arbitrary: cursorJson.map(base64urlJson) },
        { weight: 1, arbitrary: fc.json({ maxDepth: 2 }).map((j) => Buffer.from(j).toString('base64url')) },
        {
          weight: 1,
          arbitrary: fc.uint8Array({ maxLength: 150 }).map((b) => Buffer.from(b).toString('base64url')),
        },
        { weight: 1, arbitrary: fc.base64String({ maxLength: 60 }) },
      );
      await fc.assert(
        fc.asyncProperty(
          cursor,
          fc.constantFrom('trending', 'latest'),
          fc.option(fc.constantFrom(...CATEGORY_SLUGS), { nil: undefined }),
          fc.option(fc.constantFrom('tax', 'rent', 'a'), { nil: undefined }),
          fc.boolean(),
          async (cursor, sort, category, q, asMember) => {
            const response = await send({
              method: 'GET',
              url: withQuery('/api/questions', { cursor: encode(cursor), sort, category, q }),
              headers: asMember ? member.headers : {},
            });
            expect([200, 400]).toContain(response.statusCode);
          },
        ),
        MANY_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'GET /api/questions/:id: any id, for visitors and members',
    async () => {
      const id = fc.oneof(uuidOrExisting().map(encode), encodedAny(300));
      await fc.assert(
        fc.asyncProperty(id, fc.boolean(), async (id, asMember) => {
          await send({ method: 'GET', url: `/api/questions/${id}`, headers: asMember ? member.headers : {} });
        }),
        MANY_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/questions/:id/replies: content, on any id; then read back',
    async () => {
      const id = fc.oneof(
        { weight: 4, arbitrary: existingQuestion().map(encode) },
        { weight: 1, arbitrary: encodedAny() },
      );
      const content = fc.oneof(longOk(300), anything(5_000));
      await fc.assert(
        fc.asyncProperty(id, content, async (id, content) => {
          const response = await send({
            method: 'POST',
            url: `/api/questions/${id}/replies`,
            headers: { ...json, ...member.headers },
            payload: { content },
          });
          if (response.statusCode === 201) await readBack(`/api/questions/${id}`);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/questions/:id/report and /api/replies/:id/report: reason and details',
    async () => {
      const body = oneFieldOff(
        fc.record({
          reason: fc.constantFrom(...REPORT_REASONS),
          details: fc.option(longOk(200), { nil: undefined }),
        }),
        { reason: anything(), details: anything(1_000) },
      );
      const target = fc.oneof(
        { weight: 4, arbitrary: fc.constant('fresh') },
        { weight: 1, arbitrary: fc.oneof(fc.uuid(), encodedAny()) },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('questions', 'replies'),
          target,
          body,
          async (kind, target, payload) => {
            let id = target;
            if (target === 'fresh') {
              // A new target each time, so a report that passes validation reaches the insert, not the 409.
              const [question] = await insertQuestions(t.db, [{ authorId: member.id }]);
              id =
                kind === 'questions'
                  ? question!.id
                  : (await insertReply(t.db, { questionId: question!.id, authorId: member.id, content: 'r' }))
                      .id;
            }
            await send({
              method: 'POST',
              url: `/api/${kind}/${id}/report`,
              headers: { ...json, ...reporter.headers },
              payload,
            });
          },
        ),
        RUNS,
      );
    },
    TIMEOUT,
  );
});
