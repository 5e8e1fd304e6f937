/**
 * The app the property tests of the API's inputs send their requests to, and the check every answer meets:
 * whatever a client sends, the answer is never a 5xx, and a 4xx is `{ error, code }`.
 *
 * The app logs warnings and errors into `serverLog`: a 5xx hides its cause from the client, and the failure
 * message of a property shows the server's own account of it.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { beforeAll } from 'vitest';
import { z } from 'zod';
import { loadHelpContent, syncHelpContent } from './db/seed/help-content';
import { loadKnowledge, syncKnowledge } from './db/seed/knowledge';
import { seedCategories } from './modules/questions';
import {
  api,
  createUser,
  DAY_MS,
  RELAXED_LIMITS,
  type FastUser,
} from './modules/questions/questions.test-helpers';
import { signUp, userWithRole, useTestApp, type SignedUp } from './test/helpers';

/** INPUTS_FUZZ_SCALE=20 runs twenty times as many cases (and allows the time for them), to search harder. */
const SCALE = Math.max(1, Number(process.env.INPUTS_FUZZ_SCALE) || 1);
export const FEW_RUNS = { numRuns: 50 * SCALE };
export const RUNS = { numRuns: 80 * SCALE };
export const MANY_RUNS = { numRuns: 100 * SCALE };
export const TIMEOUT = 90_000 * SCALE;

export const json = { 'content-type': 'application/json' };

export const errorBody = z.strictObject({ error: z.string().min(1), code: z.string().min(1) });

export const clip = (text: string, max = 400) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length})` : text;

/** JSON.stringify shows NUL, controls and lone surrogates as \u escapes, so a counterexample can be read. */
export function describeRequest(options: InjectOptions): string {
  const payload = options.payload === undefined ? '' : ` ${clip(JSON.stringify(options.payload))}`;
  return `${options.method} ${clip(JSON.stringify(options.url))}${payload}`;
}

/** What the server logged, for the message of a failed property. */
export function serverLogText(serverLog: string[]): string {
  return `server log:\n${clip(serverLog.join(''), 4000) || '(nothing)'}`;
}

/** The answer to anything at all: never a 5xx; a 4xx is `{ error, code }` in JSON; a JSON 2xx parses. */
function checkAnswer(options: InjectOptions, response: LightMyRequestResponse, serverLog: string[]): void {
  const where = () => `${describeRequest(options)} -> ${response.statusCode}`;
  if (response.statusCode >= 500) {
    throw new Error(`${where()} ${clip(response.body)}\n${serverLogText(serverLog)}`);
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

/** The events of a server-sent event stream, one JSON object per `data:` line. */
export function sseEvents(body: string): { type: string }[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { type: string });
}

/**
 * One app per test file, with its log kept, and the world the requests meet: categories, help content,
 * Chloe's knowledge, members, an admin, and questions with replies whose text is already strange.
 */
export function useInputsApp() {
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
  const world = {
    member: {} as FastUser,
    reporter: {} as FastUser,
    admin: {} as SignedUp,
    profileUser: {} as SignedUp,
    questionIds: [] as string[],
    replyIds: [] as string[],
    /** Cursors the API itself handed out, for each sort. */
    realCursors: [] as string[],
  };
  const a = () => api(t.app);

  beforeAll(async () => {
    await seedCategories(t.db);
    await syncHelpContent(t.db, loadHelpContent());
    await syncKnowledge(t.db, loadKnowledge());
    const month = 30 * DAY_MS;
    Object.assign(world.member, await createUser(t.db, { displayName: 'Member Fuzz', ageMs: month }));
    Object.assign(world.reporter, await createUser(t.db, { displayName: 'Reporter Fuzz', ageMs: month }));
    Object.assign(world.admin, await userWithRole(t.app, t.db, 'admin'));
    Object.assign(world.profileUser, await signUp(t.app, { displayName: 'Profile Fuzz' }));
    for (const [i, input] of [
      { title: 'Tax file number?', content: 'How do I get a TFN?', category: 'student-support' as const },
      { title: 'Rent bond', content: 'Bond \u202eexcept\u202c rules', tags: ['rent', 'bond'] },
      { title: 'Visa 500 work hours', content: 'Can I work 48 hours?', isUrgent: true },
      { title: 'Tiếng Việt', content: 'Làm sao để xin mã số thuế?', isAnonymous: true },
    ].entries()) {
      const question = await a().ask(world.member.headers, { ...input, tags: input.tags ?? [`tag${i}`] });
      world.questionIds.push(question.id);
      const answered = await a().reply(world.member.headers, question.id, `A reply to ${i}`);
      world.replyIds.push(answered.replies.at(-1)!.id);
    }
    for (const sort of ['trending', 'latest']) {
      const page = await a().list({ sort, limit: 1 });
      world.realCursors.push(page.nextCursor!);
    }
  });

  async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
    serverLog.length = 0;
    const response = await t.app.inject(options);
    checkAnswer(options, response, serverLog);
    return response;
  }

  /** Reads what was just posted, as a visitor and as a member: the strange text has to come back out too. */
  async function readBack(url: string) {
    await send({ method: 'GET', url });
    await send({ method: 'GET', url, headers: world.member.headers });
  }

  const existingQuestion = () => fc.constantFrom(...world.questionIds);
  const uuidOrExisting = () => fc.oneof(fc.uuid(), existingQuestion());

  return { t, serverLog, send, readBack, existingQuestion, uuidOrExisting, ...world };
}
