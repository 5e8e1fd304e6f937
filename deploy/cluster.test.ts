/**
 * The production layout, tested as it runs: `npm run cluster` (nginx in front of three instances) on the machine's
 * PostgreSQL, in a fresh database. Runs when DATABASE_URL names a PostgreSQL server (`.ci/run` does), else skipped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { queryOnce } from '../src/server/test/query';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.DATABASE_URL;
const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 5650);
const INSTANCES = 3;
const STATUS_INTERVAL_SECONDS = 5;
const proxy = `http://127.0.0.1:${PORT}`;
const journal = JSON.parse(readFileSync(path.join(root, 'migrations/meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Cluster = {
  child: ChildProcess;
  lines: string[];
  logDir: string;
  instances: { id: string; base: string; metrics: string }[];
};

let cluster: Cluster;
let databaseName: string;
let databaseUrl: string;

const admin = (statement: string) => queryOnce(adminUrl!, statement);
const query = <T extends pg.QueryResultRow>(statement: string) => queryOnce<T>(databaseUrl, statement);

/** Resolves once the cluster's output has a line matching `pattern`, counting `times` of them. */
async function waitForLines(pattern: RegExp, times = 1, timeoutMs = 240_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = cluster.lines.filter((line) => pattern.test(line));
    if (found.length >= times) return found;
    if (cluster.child.exitCode !== null)
      throw new Error(`the cluster stopped:\n${cluster.lines.slice(-30).join('\n')}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${cluster.lines.slice(-30).join('\n')}`);
    await sleep(100);
  }
}

function instanceLogs(): string {
  return readdirSync(cluster.logDir)
    .filter((name) => /^i\d+\.log$/.test(name))
    .map((name) => readFileSync(path.join(cluster.logDir, name), 'utf8'))
    .join('\n');
}

type Session = { token: string; user: { id: string } };

async function call(
  base: string,
  url: string,
  init: { method?: string; body?: unknown; who?: Session; headers?: Record<string, string> } = {},
): Promise<Response> {
  const raw = Buffer.isBuffer(init.body);
  return fetch(`${base}${url}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': raw ? 'audio/ogg' : 'application/json' }),
      ...(init.who ? { authorization: `Bearer ${init.who.token}` } : {}),
      ...init.headers,
    },
    body:
      init.body === undefined
        ? undefined
        : raw
          ? new Uint8Array(init.body as Buffer)
          : JSON.stringify(init.body),
  });
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${response.status} (wanted ${status}): ${text}`);
  return JSON.parse(text) as T;
}

async function signUp(): Promise<Session> {
  const email = `cluster-${randomBytes(6).toString('hex')}@example.com`;
  const body = await json<{ token: string; user: { id: string } }>(
    await call(proxy, '/api/auth/signup', {
      body: { email, password: 'a long enough password 42', displayName: 'Cluster Student' },
    }),
    201,
  );
  return body;
}

async function demoMentor(): Promise<Session> {
  const body = await json<{ token: string; user: { id: string } }>(
    await call(proxy, '/api/auth/demo', { body: { role: 'mentor' } }),
  );
  return body;
}

async function metricTotal(name: string): Promise<number> {
  let total = 0;
  for (const instance of cluster.instances) {
    const text = await (await fetch(instance.metrics)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    total += line ? Number(line.split(' ')[1]) : 0;
  }
  return total;
}

describe.skipIf(!adminUrl)('npm run cluster: three instances behind nginx on one PostgreSQL', () => {
  beforeAll(async () => {
    databaseName = `mentorme_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
    await admin(`create database "${databaseName}"`);
    const url = new URL(adminUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    // No migrate step: the three instances prepare the empty database as they start, at once.
    const child = spawn(
      process.execPath,
      [
        'scripts/cluster.mjs',
        '--instances',
        String(INSTANCES),
        '--port',
        String(PORT),
        '--database-url',
        databaseUrl,
        '--skip-migrate',
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          DATABASE_URL: '',
          DEMO_MODE: 'true',
          LOG_LEVEL: 'info',
          SERVICE_STATUS_INTERVAL_SECONDS: String(STATUS_INTERVAL_SECONDS),
          SHUTDOWN_READINESS_WAIT_SECONDS: '2',
          RATE_LIMIT_GLOBAL_PER_MINUTE: '10000000',
          RATE_LIMIT_SIGNUP_PER_HOUR: '10000',
          RATE_LIMIT_SIGNIN_PER_MINUTE: '10000',
          RATE_LIMIT_SIGNIN_PER_HOUR: '10000',
          RATE_LIMIT_CHAT_MESSAGES_PER_SECOND: '1000',
          CHLOE_MESSAGES_PER_VISITOR: '100000',
          QUESTION_INTERVAL_SECONDS: '0',
          NEW_ACCOUNT_QUESTIONS_PER_DAY: '1000',
        },
      },
    );
    const lines: string[] = [];
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const parts = (rest + chunk.toString()).split('\n');
        rest = parts.pop() ?? '';
        lines.push(...parts);
      });
    }
    cluster = { child, lines, logDir: '', instances: [] };
    // The last line of the start, after the ready line and the instances'.
    await waitForLines(/^Rolling restart: kill -HUP /);
    cluster.logDir = /^Logs in (\S+):/.exec(lines.find((line) => line.startsWith('Logs in '))!)![1]!;
    cluster.instances = lines
      .map((line) => /^\s+(i\d+)\s+(http:\S+)\s+metrics (http:\S+)/.exec(line))
      .filter((match) => match !== null)
      .map((match) => ({ id: match[1]!, base: match[2]!, metrics: match[3]! }));
  }, 300_000);

  afterAll(async () => {
    if (cluster?.child.exitCode === null) {
      const exited = new Promise((resolve) => cluster.child.once('exit', resolve));
      cluster.child.kill('SIGTERM');
      await exited;
    }
    if (databaseName) await admin(`drop database if exists "${databaseName}" with (force)`);
  }, 60_000);

  it('started all three at once on an empty database, each migration applied once', async () => {
    expect(cluster.lines.some((line) => line === `cluster ready: ${proxy} (${INSTANCES} instances)`)).toBe(
      true,
    );
    expect(cluster.instances).toHaveLength(INSTANCES);
    const applied = await query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied[0]!.n).toBe(journal.entries.length);
    expect(instanceLogs().match(/Applied \d+ database migrations?/g)).toHaveLength(1);
    for (const instance of cluster.instances)
      expect((await fetch(`${instance.base}/api/ready`)).status).toBe(200);
  });

  it('shows a question, its voice note (the same bytes) and chat messages through every instance', async () => {
    const student = await signUp();
    const question = await json<{ id: string }>(
      await call(proxy, '/api/questions', {
        who: student,
        body: { title: 'Where can I find a share house near campus?', content: 'I start in March.' },
      }),
      201,
    );
    const voice = readFileSync(path.join(root, 'src/server/modules/questions/fixtures/voice-3s.ogg'));
    await json(
      await call(proxy, `/api/questions/${question.id}/voice-note`, { who: student, body: voice }),
      201,
    );

    const mentor = await demoMentor();
    const conversation = await json<{ id: string }>(
      await call(proxy, '/api/conversations', {
        who: student,
        body: { participantId: mentor.user.id, title: 'Share houses' },
      }),
      201,
    );
    await json(
      await call(proxy, `/api/conversations/${conversation.id}/messages`, {
        who: student,
        body: { content: 'Hello from the proxy', clientId: 'through-proxy' },
      }),
      201,
    );

    for (const instance of cluster.instances) {
      const seen = await json<{ id: string; title: string }>(
        await call(instance.base, `/api/questions/${question.id}`),
      );
      expect(seen.title).toBe('Where can I find a share house near campus?');
      const note = await call(instance.base, `/api/questions/${question.id}/voice-note`);
      expect(note.status).toBe(200);
      expect(Buffer.from(await note.arrayBuffer()).equals(voice)).toBe(true);
      const { messages } = await json<{ messages: { content: string }[] }>(
        await call(instance.base, `/api/conversations/${conversation.id}/messages`, { who: mentor }),
      );
      expect(messages.map((m) => m.content)).toContain('Hello from the proxy');
    }
  });

  it('holds a limit across instances, and a forged X-Forwarded-For changes nothing', async () => {
    // Password reset requests: 10 an hour per caller (the default), spread over the instances by nginx.
    const statuses: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      const response = await call(proxy, '/api/auth/password-reset', {
        body: { email: `nobody-${n}@example.com` },
        headers: { 'x-forwarded-for': `6.6.6.${n}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('carries the request id nginx gives a request into the instance’s log', async () => {
    const response = await fetch(`${proxy}/api/health`, {
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    // The log line is written as the answer goes out: it is in the file a moment later.
    await vi.waitFor(() => expect(instanceLogs()).toContain(`"reqId":"${id}"`), { timeout: 10_000 });
    expect(instanceLogs()).not.toContain('"reqId":"chosen-by-the-client"');
  });

  it('probes the official services once per interval in total, not once per instance', async () => {
    const before = await metricTotal('government_status_checks_total');
    await sleep(STATUS_INTERVAL_SECONDS * 3 * 1000 + 500);
    const rounds = (await metricTotal('government_status_checks_total')) - before;
    // Three intervals: three rounds (one either side for timing); every instance probing would make about nine.
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(rounds).toBeLessThanOrEqual(4);
    const stored = await query<{ n: number }>('select count(*)::int as n from service_statuses');
    expect(stored[0]!.n).toBe(7);
  });

  it('restarts instance by instance under load with no failed request, no lost message, each stopped within 25 s', async () => {
    const mentor = await demoMentor();
    const students = await Promise.all(Array.from({ length: 20 }, () => signUp()));
    let running = true;

    // HTTP: readers of the feed and of the health check, through nginx.
    const reads = { ok: 0, failed: [] as string[] };
    const reader = async (url: string) => {
      while (running) {
        const response = await fetch(`${proxy}${url}`).catch((error: Error) => error);
        if (response instanceof Response && response.status === 200) reads.ok += 1;
        else reads.failed.push(response instanceof Response ? `${url} ${response.status}` : response.message);
        if (response instanceof Response) await response.arrayBuffer();
      }
    };

    // Chloe: answers streamed one after another, asked again when the server says so (as the app does).
    const chloe = { done: 0, failed: [] as string[], retried: 0 };
    const askChloe = async () => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await call(proxy, '/api/ai/chat', {
          body: { message: 'How do I get a tax file number?', history: [] },
        }).catch((error: Error) => error);
        if (response instanceof Response && response.status === 503) {
          chloe.retried += 1;
          await sleep(300);
          continue;
        }
        if (!(response instanceof Response) || response.status !== 200)
          return chloe.failed.push(response instanceof Response ? String(response.status) : response.message);
        const text = await response.text();
        if (text.includes('"type":"done"')) return (chloe.done += 1);
        if (text.includes('"type":"retry"')) {
          chloe.retried += 1;
          await sleep(300);
          continue;
        }
        return chloe.failed.push(text.slice(-200));
      }
      chloe.failed.push('no answer after 5 tries');
    };
    const chloeLoop = async () => {
      while (running) await askChloe();
    };

    // 100 sockets: 20 students with 5 each, reconnecting when closed, as the app's client does.
    const closeCodes: number[] = [];
    const sockets = new Set<WebSocket>();
    const openSocket = (student: Session) => {
      const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws`, {
        headers: { authorization: `Bearer ${student.token}` },
      });
      sockets.add(ws);
      ws.on('error', () => undefined);
      ws.on('close', (code) => {
        sockets.delete(ws);
        if (!running) return;
        closeCodes.push(code);
        setTimeout(() => openSocket(student), 200);
      });
    };
    for (const student of students) for (let n = 0; n < 5; n += 1) openSocket(student);
    const allOpen = () =>
      expect([...sockets].filter((ws) => ws.readyState === WebSocket.OPEN)).toHaveLength(100);
    await vi.waitFor(allOpen, { timeout: 30_000, interval: 100 });

    // Chat: a message every 200 ms, sent again with the same client id when it fails.
    const conversation = await json<{ id: string }>(
      await call(proxy, '/api/conversations', {
        who: students[0],
        body: { participantId: mentor.user.id, title: 'During the restart' },
      }),
      201,
    );
    const sent: string[] = [];
    const lost: string[] = [];
    const chatLoop = async () => {
      for (let n = 0; running; n += 1) {
        const clientId = `rolling-${n}`;
        let delivered = false;
        for (let attempt = 0; attempt < 10 && !delivered; attempt += 1) {
          const response = await call(proxy, `/api/conversations/${conversation.id}/messages`, {
            who: students[0],
            body: { content: `Message ${n}`, clientId },
          }).catch(() => null);
          delivered = response !== null && (response.status === 201 || response.status === 200);
          if (!delivered) await sleep(300);
        }
        (delivered ? sent : lost).push(clientId);
        await sleep(200);
      }
    };

    const load = [
      reader('/api/questions'),
      reader('/api/health'),
      reader('/api/categories'),
      chloeLoop(),
      chatLoop(),
    ];
    await sleep(1_000);
    const restartsBefore = cluster.lines.filter((line) => line.startsWith('restarted ')).length;
    cluster.child.kill('SIGHUP');
    const restarted = (await waitForLines(/^restarted i\d+: /, restartsBefore + INSTANCES, 180_000)).slice(
      restartsBefore,
    );
    await sleep(2_000);
    running = false;
    await Promise.all(load);

    for (const line of restarted) {
      const stopped = Number(/stopped in ([\d.]+) s/.exec(line)![1]);
      expect(stopped).toBeLessThanOrEqual(25);
    }
    expect(reads.failed).toEqual([]);
    expect(reads.ok).toBeGreaterThan(100);
    expect(chloe.failed).toEqual([]);
    expect(chloe.done).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    // Every socket was closed by a restart with 1012 and came back.
    expect(closeCodes.length).toBeGreaterThan(0);
    expect(new Set(closeCodes)).toEqual(new Set([1012]));
    await vi.waitFor(allOpen, { timeout: 30_000, interval: 100 });
    for (const ws of sockets) ws.close();

    const stored: (string | null)[] = [];
    for (let after = 0, more = true; more;) {
      const page = await json<{ messages: { clientId: string | null; seq: number }[]; hasMore: boolean }>(
        await call(proxy, `/api/conversations/${conversation.id}/messages?after=${after}&limit=100`, {
          who: mentor,
        }),
      );
      stored.push(...page.messages.map((m) => m.clientId));
      after = page.messages.at(-1)?.seq ?? after;
      more = page.hasMore && page.messages.length > 0;
    }
    expect(stored.filter((id) => id?.startsWith('rolling-')).sort()).toEqual([...sent].sort());
  }, 300_000);
});
