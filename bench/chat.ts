/**
 * Mentor chat under load: 1,000 sockets on two app instances sharing one database (the PostgreSQL bus between
 * them), 100 conversations with 5 sockets for each of their two people, 10 messages a second for 30 s sent to
 * either instance. Reports the share of deliveries that arrived and the latency from sending to receiving, beside
 * a bare `ws` server that broadcasts the same traffic from memory (the baseline). The clients run in their own
 * process (bench/chat-clients.mjs).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import { buildApp } from '../src/server/app';
import type { Config } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { conversationParticipants, conversations, users } from '../src/server/db/schema';
import { createSession } from '../src/server/plugins/auth';
import { behindProxy, personAddress } from './addresses';

const CONVERSATIONS = 100;
const SOCKETS_PER_PERSON = 5;
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30);

type Plan = {
  run: string;
  rate: number;
  seconds: number;
  sockets: { url: string; headers: Record<string, string> }[];
  conversations: { listeners: number; senders: { url: string; headers: Record<string, string> }[] }[];
};
type Outcome = {
  expected: number;
  received: number;
  duplicates: number;
  failedSends: number;
  p50: number;
  p99: number;
};

async function runClients(plan: Plan): Promise<Outcome> {
  const file = path.join(tmpdir(), `mentorme-chat-bench-${plan.run}.json`);
  writeFileSync(file, JSON.stringify(plan));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(import.meta.dirname, 'chat-clients.mjs'), file],
    { maxBuffer: 16 * 1024 * 1024, timeout: (SECONDS + 120) * 1000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Outcome;
}

/** 100 student–mentor pairs with a conversation each, and a session for every person. */
async function people(db: Database, run: string) {
  const pairs: { conversationId: string; tokens: string[] }[] = [];
  for (let i = 0; i < CONVERSATIONS; i += 1) {
    const [student, mentor] = await db
      .insert(users)
      .values([
        {
          email: `bench-${run}-s${i}@bench.example`,
          displayName: `Student ${i}`,
          passwordHash: '-',
          role: 'student',
        },
        {
          email: `bench-${run}-m${i}@bench.example`,
          displayName: `Mentor ${i}`,
          passwordHash: '-',
          role: 'mentor',
          mentorVerifiedAt: new Date(),
        },
      ])
      .returning({ id: users.id });
    const [conversation] = await db
      .insert(conversations)
      .values({ title: `Bench ${i}`, studentId: student!.id, mentorId: mentor!.id })
      .returning({ id: conversations.id });
    await db.insert(conversationParticipants).values([
      { conversationId: conversation!.id, userId: student!.id },
      { conversationId: conversation!.id, userId: mentor!.id },
    ]);
    pairs.push({
      conversationId: conversation!.id,
      tokens: [await createSession(db, student!.id), await createSession(db, mentor!.id)],
    });
  }
  return pairs;
}

/** The baseline: one process's memory, no database, the same frames. */
function bareServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const rooms = new Map<string, Set<WebSocket>>();
  const server = http.createServer((request, response) => {
    const room = new URL(request.url!, 'http://x').searchParams.get('c') ?? '';
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      const { content, clientId } = JSON.parse(body) as { content: string; clientId: string };
      const frame = JSON.stringify({
        type: 'new_message',
        conversationId: room,
        message: {
          id: randomUUID(),
          conversationId: room,
          senderId: '-',
          content,
          createdAt: new Date().toISOString(),
          seq: 0,
          clientId,
        },
      });
      for (const socket of rooms.get(room) ?? []) socket.send(frame);
      response.writeHead(201, { 'content-type': 'application/json' }).end(frame);
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket, request) => {
    const room = new URL(request.url!, 'http://x').searchParams.get('c') ?? '';
    if (!rooms.has(room)) rooms.set(room, new Set());
    rooms.get(room)!.add(socket);
    socket.on('close', () => rooms.get(room)!.delete(socket));
    socket.send(JSON.stringify({ type: 'hello', connectionId: randomUUID() }));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            for (const client of wss.clients) client.terminate();
            wss.close();
            server.close(() => done());
          }),
      });
    }),
  );
}

export async function benchChat(config: Config, db: Database): Promise<string[]> {
  const chatConfig: Config = {
    ...behindProxy(config),
    rateLimits: { ...config.rateLimits, chatMessagesPerSecond: 100_000 },
  };
  const instances = [
    await buildApp({ config: chatConfig, db, clientDir: null, logger: false }),
    await buildApp({ config: chatConfig, db, clientDir: null, logger: false }),
  ];
  const urls = await Promise.all(instances.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
  const bare = await bareServer();
  const run = randomUUID().slice(0, 8);
  try {
    const pairs = await people(db, run);
    const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });
    const ws = (url: string) => url.replace(/^http/, 'ws');
    const appPlan: Plan = { run: `app-${run}`, rate: RATE, seconds: SECONDS, sockets: [], conversations: [] };
    const barePlan: Plan = {
      run: `bare-${run}`,
      rate: RATE,
      seconds: SECONDS,
      sockets: [],
      conversations: [],
    };
    pairs.forEach(({ conversationId, tokens }, i) => {
      tokens.forEach((token, j) => {
        const headers = { ...bearerOf(token), ...personAddress(i * tokens.length + j) };
        for (let k = 0; k < SOCKETS_PER_PERSON; k += 1) {
          appPlan.sockets.push({ url: `${ws(urls[k % 2]!)}/ws`, headers });
          barePlan.sockets.push({ url: `${ws(bare.url)}/?c=${conversationId}`, headers: {} });
        }
      });
      appPlan.conversations.push({
        listeners: tokens.length * SOCKETS_PER_PERSON,
        senders: tokens.map((token, k) => ({
          url: `${urls[(i + k) % 2]}/api/conversations/${conversationId}/messages`,
          headers: bearerOf(token),
        })),
      });
      barePlan.conversations.push({
        listeners: tokens.length * SOCKETS_PER_PERSON,
        senders: [{ url: `${bare.url}/send?c=${conversationId}`, headers: {} }],
      });
    });
    const baseline = await runClients(barePlan);
    const measured = await runClients(appPlan);
    const line = (name: string, o: Outcome) =>
      `${name.padEnd(34)} delivered ${((100 * o.received) / o.expected).toFixed(1)}% (${o.received}/${o.expected}, ${o.duplicates} twice, ${o.failedSends} sends failed)   p50 ${o.p50.toFixed(1)} ms   p99 ${o.p99.toFixed(1)} ms`;
    return [
      `chat: ${appPlan.sockets.length} sockets on 2 instances, ${CONVERSATIONS} conversations, ${RATE} messages/s for ${SECONDS} s`,
      line('baseline bare ws broadcast', baseline),
      line('app (REST send, bus, /ws)', measured),
      `${'ratio app / baseline p50, p99'.padEnd(34)} ${(measured.p50 / baseline.p50).toFixed(1)}, ${(measured.p99 / baseline.p99).toFixed(1)}`,
    ];
  } finally {
    await Promise.all(instances.map((app) => app.close()));
    await bare.close();
  }
}
