/**
 * Property-based tests of every text field and query parameter of the API: whatever a client sends (control
 * characters, NUL, lone UTF-16 surrogates, invalid percent-encoding, bidirectional and zero-width characters,
 * very long strings, values of the wrong type), the answer is never a 5xx, and a 4xx is `{ error, code }`.
 *
 * The app logs warnings and errors into `serverLog`: a 5xx hides its cause from the client, and the failure
 * message of a property shows the server's own account of it.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATEGORY_SLUGS } from '../shared/categories';
import { SESSION } from '../shared/constants';
import { REPORT_REASONS } from '../shared/schemas/questions';
import { AUS_STATES, GOVERNMENT_CATEGORIES, LOCAL_CATEGORIES } from '../shared/schemas/resources';
import { loadHelpContent, syncHelpContent } from './db/seed/help-content';
import { loadKnowledge, syncKnowledge } from './db/seed/knowledge';
import { OFFICIAL_SERVICES } from './modules/government/status';
import {
  api,
  createUser,
  DAY_MS,
  insertQuestions,
  insertReply,
  RELAXED_LIMITS,
  type FastUser,
} from './modules/questions/questions.test-helpers';
import { seedCategories } from './modules/questions/service';
import { bearer, signUp, TEST_PASSWORD, userWithRole, useTestApp, type SignedUp } from './test/helpers';

// ---------------------------------------------------------------------------------------------------------------
// The app, with its log kept
// ---------------------------------------------------------------------------------------------------------------

/** What the server logged (warn and above) since the last request sent through `send`. */
const serverLog: string[] = [];

const t = useTestApp(
  {
    ...RELAXED_LIMITS,
    CHLOE_MESSAGES_PER_VISITOR: '1000000',
    CHLOE_MESSAGES_PER_MEMBER: '1000000',
    RATE_LIMIT_FAILED_SIGNIN_PER_ACCOUNT_PER_HOUR: '1000000',
  },
  { level: 'warn', stream: { write: (line: string) => void serverLog.push(line) } },
);

// ---------------------------------------------------------------------------------------------------------------
// Checking answers
// ---------------------------------------------------------------------------------------------------------------

const errorBody = z.strictObject({ error: z.string().min(1), code: z.string().min(1) });

const clip = (text: string, max = 400) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length})` : text;

/** JSON.stringify shows NUL, controls and lone surrogates as \u escapes, so a counterexample can be read. */
function describeRequest(options: InjectOptions): string {
  const payload = options.payload === undefined ? '' : ` ${clip(JSON.stringify(options.payload))}`;
  return `${options.method} ${clip(JSON.stringify(options.url))}${payload}`;
}

/** The answer to anything at all: never a 5xx; a 4xx is `{ error, code }` in JSON; a JSON 2xx parses. */
function checkAnswer(options: InjectOptions, response: LightMyRequestResponse): void {
  const where = () => `${describeRequest(options)} -> ${response.statusCode}`;
  if (response.statusCode >= 500) {
    throw new Error(
      `${where()} ${clip(response.body)}\nserver log:\n${clip(serverLog.join(''), 4000) || '(nothing)'}`,
    );
  }
  const type = String(response.headers['content-type'] ?? '');
  if (response.statusCode >= 400) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      throw new Error(`${where()} with a body that is not JSON (${type}): ${clip(response.body)}`);
    }
    if (!errorBody.safeParse(body).success) {
      throw new Error(`${where()} with a body that is not { error, code }: ${clip(response.body)}`);
    }
  } else if (type.startsWith('application/json')) {
    try {
      response.json();
    } catch {
      throw new Error(`${where()} with JSON that does not parse: ${clip(response.body)}`);
    }
  }
}

async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
  serverLog.length = 0;
  const response = await t.app.inject(options);
  checkAnswer(options, response);
  return response;
}

/** The events of a server-sent event stream, one JSON object per `data:` line. */
function sseEvents(body: string): { type: string }[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { type: string });
}

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------------------------

const charIn = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((code) => String.fromCharCode(code));

/** Characters that show nothing or turn text around. */
const INVISIBLE_OR_BIDI = [
  '\u00ad',
  '\u034f',
  '\u061c',
  '\u115f',
  '\u1160',
  '\u17b4',
  '\u180e',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2060',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u3164',
  '\ufe0f',
  '\ufeff',
  '\uffa0',
];

/** Pieces that have broken parsers, encoders, SQL, full-text search and regular expressions before. */
const TRICKY = [
  '\u0000',
  '\u2028',
  '\u2029',
  '\u00a0',
  '\u3000',
  '\ufffd',
  '\ufffe',
  '\uffff',
  '\u{10ffff}',
  '\u{1f600}',
  '\u{1f469}\u200d\u{1f4bb}',
  'e\u0301',
  '\u0130',
  '\u00df',
  '\ufb03',
  '\u1e9e',
  '%',
  '%00',
  '%FF',
  '%ED%A0%80',
  '\\',
  '\\u0000',
  "'",
  '"',
  '`',
  '$1',
  '${x}',
  '<',
  '>',
  '&',
  '|',
  '!',
  '(',
  ')',
  ':*',
  '<->',
  '=',
  '+',
  '#',
  '?',
  '/',
  '..',
  ';',
  ',',
  ':',
  '*',
  '_',
  '--',
  '/*',
  "' or 1=1 --",
  '\\x00',
  'null',
  '__proto__',
  'constructor',
  '{}',
  '[]',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  '0x1f',
  ' ',
  '\t',
  '\n',
  '\r\n',
  'Tăng Thị Ngọc Ánh',
];

/** One piece of a string: mostly text people write, often something no one should send. */
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: charIn(0x00, 0x1f) },
  { weight: 1, arbitrary: charIn(0x7f, 0x9f) },
  { weight: 2, arbitrary: charIn(0xd800, 0xdfff) },
  { weight: 2, arbitrary: fc.constantFrom(...INVISIBLE_OR_BIDI) },
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
);

/** A run of one short piece repeated to a length: around a field's limit, or far past it. */
const repeated = (lengths: fc.Arbitrary<number>) =>
  fc
    .tuple(
      fc.oneof(
        fc.constantFrom('a', ' ', 'é', 'e\u0301', '\u{1f600}', '\u200b', '\u0000', 'ab\n'),
        fc.string({ unit: piece, minLength: 1, maxLength: 3 }),
      ),
      lengths,
    )
    // Cutting may split a surrogate pair in two: a lone surrogate at the end, as a buggy client would send.
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/** Around a limit (a character either side of it), or well past it. */
const nearLimit = (limit: number) =>
  repeated(
    fc.oneof(fc.integer({ min: limit - 2, max: limit + 2 }), fc.integer({ min: limit, max: limit * 4 })),
  );

/** Any string at all, of up to `maxLong` characters. */
const text = (maxLong = 40_000) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.string({ unit: piece, maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary' }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii' }) },
    { weight: 1, arbitrary: repeated(fc.integer({ min: 1, max: maxLong })) },
  );

/** Anything a JSON field can hold: any string, one near the field's limit, nothing, or not a string at all. */
const anything = (limit?: number) =>
  fc.oneof(
    { weight: 8, arbitrary: text() as fc.Arbitrary<unknown> },
    ...(limit ? [{ weight: 2, arbitrary: nearLimit(limit) as fc.Arbitrary<unknown> }] : []),
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

/**
 * The string without what the schemas refuse (C0 and C1 controls except `keep`, and lone surrogates): strange
 * text that is accepted, and so reaches the services, the database and the answers.
 */
function accepted(value: string, keep = ''): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += value.slice(i, i + 2);
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      continue;
    } else if ((code <= 0x1f || (code >= 0x7f && code <= 0x9f)) && !keep.includes(value[i]!)) {
      continue;
    } else {
      out += value[i];
    }
  }
  return out;
}

/** A strange one-line text the schemas accept, of at most `maxLength` pieces. */
const lineOk = (maxLength: number) =>
  fc
    .string({ unit: piece, minLength: 1, maxLength })
    .map((v) => accepted(v))
    .filter((v) => v.trim().length > 0);

/** A strange long text (tabs and line breaks allowed) the schemas accept. */
const longOk = (maxLength: number) =>
  fc
    .string({ unit: piece, minLength: 1, maxLength })
    .map((v) => accepted(v, '\t\n\r'))
    .filter((v) => v.trim().length > 0);

/** Display names: readable ones, and ones with something strange after a letter. */
const displayName = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((v) => v.trim().length > 0),
  fc
    .tuple(fc.constantFrom('Anh', 'Zoë', '李', 'Ngọc', 'ĐỨC'), lineOk(20))
    .map(([first, rest]) => `${first} ${rest}`),
);

/**
 * A body valid but for one field, which may be anything at all; now and then every field is anything. Fuzzing
 * every field at once would almost always be refused at the first bad one, and never reach the service.
 */
function oneFieldOff(
  valid: fc.Arbitrary<Record<string, unknown>>,
  fuzz: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fuzz);
  return fc.oneof(
    { weight: keys.length, arbitrary: valid },
    ...keys.map((key) => ({
      weight: 2,
      arbitrary: fc.tuple(valid, fuzz[key]!).map(([body, value]) => ({ ...body, [key]: value })),
    })),
    { weight: 1, arbitrary: fc.record(fuzz) as fc.Arbitrary<Record<string, unknown>> },
  );
}

const HEX = '0123456789ABCDEF';
const byteEscape = (byte: number) => `%${HEX[byte >> 4]}${HEX[byte & 15]}`;

/** UTF-8 percent-encoding, except that a lone surrogate goes out as its three (invalid UTF-8) WTF-8 bytes. */
function encode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    let bytes: number[];
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      bytes = [...Buffer.from(value.slice(i, i + 2), 'utf8')];
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
    } else {
      bytes = [...Buffer.from(value[i]!, 'utf8')];
    }
    for (const byte of bytes) {
      const c = String.fromCharCode(byte);
      out += /^[A-Za-z0-9\-._~]$/.test(c) ? c : byteEscape(byte);
    }
  }
  return out;
}

const encodeBytes = (bytes: Uint8Array) => [...bytes].map(byteEscape).join('');

/** A path segment or query value, percent-encoded: any string, or any bytes (UTF-8 or not). */
const encodedAny = (maxLong = 3_000) =>
  fc.oneof(
    { weight: 6, arbitrary: text(maxLong).map(encode) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 24 }).map(encodeBytes) },
  );

/** A query parameter that may be anything: any value, absent, or given several times. */
const anyParam = (maxLong = 3_000) =>
  fc.oneof(
    { weight: 8, arbitrary: encodedAny(maxLong) as fc.Arbitrary<string | string[] | undefined> },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.array(encodedAny(maxLong), { minLength: 2, maxLength: 3 }) },
  );

/** An optional query parameter with a valid value. */
const validParam = (value: fc.Arbitrary<string>) => fc.option(value.map(encode), { nil: undefined });

type Query = Record<string, unknown>;

function withQuery(path: string, query: Query): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) parts.push(`${key}=${String(one)}`);
  }
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

/** Now and then, a parameter no route knows. */
const extraParam = fc.option(
  fc.tuple(
    fc.oneof(fc.constantFrom('__proto__', 'constructor', 'q[]', 'toString'), encodedAny(40)),
    encodedAny(),
  ),
  { nil: undefined, freq: 3 },
);

const withExtra = (query: Query, extra: [string, string] | undefined): Query =>
  extra && extra[0] ? { ...query, [extra[0]]: extra[1] } : query;

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value) ?? '').toString('base64url');

/** Numbers as people, programs and attackers write them. */
const numeric = fc.oneof(
  fc.double().map(String),
  fc.integer().map(String),
  fc.integer({ min: -200, max: 200 }).map(String),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e400',
    '-0',
    '0x10',
    '',
    ' ',
    '1_0',
    '\u0969',
    '1,5',
    '+5',
    '.5',
  ),
);

/** INPUTS_FUZZ_SCALE=20 runs twenty times as many cases (and allows the time for them), to search harder. */
const SCALE = Math.max(1, Number(process.env.INPUTS_FUZZ_SCALE) || 1);
const FEW_RUNS = { numRuns: 50 * SCALE };
const RUNS = { numRuns: 80 * SCALE };
const MANY_RUNS = { numRuns: 100 * SCALE };
const TIMEOUT = 90_000 * SCALE;

// ---------------------------------------------------------------------------------------------------------------
// The world the requests meet
// ---------------------------------------------------------------------------------------------------------------

let member: FastUser;
let reporter: FastUser;
let admin: SignedUp;
let profileUser: SignedUp;
const questionIds: string[] = [];
const replyIds: string[] = [];
/** Cursors the API itself handed out, for each sort. */
const realCursors: string[] = [];

const a = () => api(t.app);

beforeAll(async () => {
  await seedCategories(t.db);
  await syncHelpContent(t.db, loadHelpContent());
  await syncKnowledge(t.db, loadKnowledge());
  member = await createUser(t.db, { displayName: 'Member Fuzz', ageMs: 30 * DAY_MS });
  reporter = await createUser(t.db, { displayName: 'Reporter Fuzz', ageMs: 30 * DAY_MS });
  admin = await userWithRole(t.app, t.db, 'admin');
  profileUser = await signUp(t.app, { displayName: 'Profile Fuzz' });
  for (const [i, input] of [
    { title: 'Tax file number?', content: 'How do I get a TFN?', category: 'student-support' as const },
    { title: 'Rent bond', content: 'Bond \u202eexcept\u202c rules', tags: ['rent', 'bond'] },
    { title: 'Visa 500 work hours', content: 'Can I work 48 hours?', isUrgent: true },
    { title: 'Tiếng Việt', content: 'Làm sao để xin mã số thuế?', isAnonymous: true },
  ].entries()) {
    const question = await a().ask(member.headers, { ...input, tags: input.tags ?? [`tag${i}`] });
    questionIds.push(question.id);
    const answered = await a().reply(member.headers, question.id, `A reply to ${i}`);
    replyIds.push(answered.replies.at(-1)!.id);
  }
  for (const sort of ['trending', 'latest']) {
    const page = await a().list({ sort, limit: 1 });
    realCursors.push(page.nextCursor!);
  }
});

const json = { 'content-type': 'application/json' };
const existingQuestion = () => fc.constantFrom(...questionIds);
const uuidOrExisting = () => fc.oneof(fc.uuid(), existingQuestion());

/** Reads what was just posted, as a visitor and as a member: the strange text has to come back out too. */
async function readBack(url: string) {
  await send({ method: 'GET', url });
  await send({ method: 'GET', url, headers: member.headers });
}

// ---------------------------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------------------------

describe('auth', () => {
  const freshEmail = fc.oneof(
    fc.uuid().map((id) => `fuzz-${id}@example.com`),
    fc.uuid().map((id) => `  FUZZ-${id}@Example.COM `),
  );
  /** Passwords may hold anything (NUL and lone surrogates too); only their length is checked. */
  const password = fc.oneof(
    fc.uuid().map((id) => `${TEST_PASSWORD}-${id}`),
    fc
      .tuple(fc.uuid(), fc.string({ unit: piece, maxLength: 80 }))
      .map(([id, rest]) => `${id}${rest}`.slice(0, 128)),
  );

  it(
    'POST /api/auth/signup: displayName, email, password, role and locale; and the account signs in',
    async () => {
      const body = oneFieldOff(
        fc.record({
          displayName,
          email: freshEmail,
          password,
          role: fc.constantFrom('student', 'mentor'),
          locale: fc.option(fc.constantFrom('en', 'vi'), { nil: undefined }),
        }),
        {
          displayName: anything(60),
          email: fc.oneof(
            anything(254),
            fc.emailAddress(),
            lineOk(10).map((v) => `${v}@example.com`),
          ),
          password: anything(128),
          role: fc.oneof(anything(), fc.constant('admin')),
          locale: anything(),
        },
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const response = await send({ method: 'POST', url: '/api/auth/signup', headers: json, payload });
          if (response.statusCode === 201) {
            const signin = await send({
              method: 'POST',
              url: '/api/auth/signin',
              headers: json,
              payload: { email: payload.email, password: payload.password },
            });
            expect(signin.statusCode).toBe(200);
          }
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/auth/signin: email and password',
    async () => {
      const body = oneFieldOff(
        fc.record({
          email: fc.constantFrom(profileUser.email, admin.email),
          password: fc.constant(TEST_PASSWORD),
        }),
        { email: anything(254), password: anything(1024) },
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          await send({ method: 'POST', url: '/api/auth/signin', headers: json, payload });
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'PATCH /api/auth/me: displayName and locale',
    async () => {
      const body = oneFieldOff(
        fc.record({ displayName, locale: fc.option(fc.constantFrom('en', 'vi'), { nil: undefined }) }),
        { displayName: anything(60), locale: anything() },
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const headers = bearer(profileUser.token);
          const response = await send({
            method: 'PATCH',
            url: '/api/auth/me',
            headers: { ...json, ...headers },
            payload,
          });
          if (response.statusCode === 200) await send({ method: 'GET', url: '/api/auth/me', headers });
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'any session token, as a bearer token or a cookie',
    async () => {
      const token = fc.oneof(
        fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
        fc.string({ unit: charIn(0x20, 0xff) }),
      );
      await fc.assert(
        fc.asyncProperty(token, fc.boolean(), async (value, asCookie) => {
          await send({
            method: 'GET',
            url: '/api/auth/me',
            headers: asCookie
              ? { cookie: `${SESSION.cookieName}=${encode(value)}` }
              : { authorization: `Bearer ${value}` },
          });
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );
});

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

describe('government and local resources', () => {
  it(
    'GET /api/government/resources: keyword, category and state',
    async () => {
      const query = oneFieldOff(
        fc.record({
          keyword: validParam(
            fc.oneof(lineOk(20), fc.constantFrom('visa', 'tax', 'Medicare', 'thuế', '%', '_')),
          ),
          category: validParam(fc.constantFrom(...GOVERNMENT_CATEGORIES, 'all')),
          state: validParam(fc.constantFrom(...AUS_STATES, 'all')),
        }),
        {
          keyword: anyParam(),
          category: anyParam(),
          state: fc.oneof(anyParam(), fc.constantFrom('national', 'nsw')),
        },
      );
      await fc.assert(
        fc.asyncProperty(query, extraParam, async (params, extra) => {
          await send({
            method: 'GET',
            url: withQuery('/api/government/resources', withExtra(params, extra)),
          });
        }),
        MANY_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'GET /api/government/local/:postcode: any postcode, and category',
    async () => {
      const postcode = fc.oneof(
        fc.constantFrom('2000', '3000', '0800', '0200', '6000', '7000', '0000', '9999'),
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
        encodedAny(300),
      );
      const category = fc.oneof(validParam(fc.constantFrom(...GOVERNMENT_CATEGORIES, 'all')), anyParam());
      await fc.assert(
        fc.asyncProperty(postcode, category, async (postcode, category) => {
          await send({ method: 'GET', url: withQuery(`/api/government/local/${postcode}`, { category }) });
        }),
        MANY_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'GET /api/resources: postcode, lat, lng, category and radius',
    async () => {
      const postcode = fc.oneof(
        fc.constantFrom('2000', '3000', '0800', '0872', '0000', '9999'),
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
      );
      const coordinate = (min: number, max: number, aus: [number, number]) =>
        fc.oneof(
          fc.double({ min: aus[0], max: aus[1], noNaN: true }).map(String),
          fc.double({ min, max, noNaN: true }).map(String),
          fc.constantFrom(String(min), String(max), '0', '-0', ''),
        );
      const common = {
        category: validParam(fc.constantFrom(...LOCAL_CATEGORIES, 'all')),
        radius: validParam(
          fc.oneof(fc.constantFrom('10', '25', '50', '100'), fc.integer({ min: 1, max: 100 }).map(String)),
        ),
      };
      const query = oneFieldOff(
        fc.oneof(
          fc.record({ postcode: postcode.map(encode), ...common }),
          fc.record({
            lat: coordinate(-90, 90, [-44, -10]).map(encode),
            lng: coordinate(-180, 180, [112, 154]).map(encode),
            ...common,
          }),
        ),
        {
          postcode: anyParam(),
          lat: fc.oneof(anyParam(), numeric.map(encode)),
          lng: fc.oneof(anyParam(), numeric.map(encode)),
          category: anyParam(),
          radius: fc.oneof(anyParam(), numeric.map(encode)),
        },
      );
      await fc.assert(
        fc.asyncProperty(query, async (params) => {
          await send({ method: 'GET', url: withQuery('/api/resources', params) });
        }),
        MANY_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'PUT /api/admin/government/status/:id: any service id and note, as an admin',
    async () => {
      const id = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...OFFICIAL_SERVICES.map((s) => s.id)) },
        { weight: 1, arbitrary: encodedAny(300) },
      );
      const body = oneFieldOff(fc.record({ note: fc.oneof(lineOk(100), fc.constant(null)) }), {
        note: anything(300),
      });
      await fc.assert(
        fc.asyncProperty(id, body, async (id, payload) => {
          const response = await send({
            method: 'PUT',
            url: `/api/admin/government/status/${id}`,
            headers: { ...json, ...bearer(admin.token) },
            payload,
          });
          if (response.statusCode === 200) await send({ method: 'GET', url: '/api/government/status' });
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );
});

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
                  `server log:\n${clip(serverLog.join(''), 4000) || '(nothing)'}`,
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

// ---------------------------------------------------------------------------------------------------------------
// Fixed examples from the security review
// ---------------------------------------------------------------------------------------------------------------

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
