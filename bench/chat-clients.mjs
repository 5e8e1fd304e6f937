/**
 * The load side of the chat benchmark (bench/chat.ts), in its own process so the clients do not share the
 * servers' event loop. Opens every socket of the plan, sends `rate` messages a second spread over the
 * conversations for `seconds`, and prints one JSON line: deliveries expected and received, and latency from the
 * start of each send to each socket's receipt.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const sentAt = new Map();
const latencies = [];
const seen = new Set();
let duplicates = 0;

function open({ url, headers }) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.type === 'hello') return resolve(ws);
      if (frame.type !== 'new_message') return;
      const clientId = frame.message.clientId;
      const start = sentAt.get(clientId);
      if (start === undefined) return;
      const key = `${clientId}:${ws.index}`;
      if (seen.has(key)) duplicates += 1;
      seen.add(key);
      latencies.push(performance.now() - start);
    });
    ws.once('error', reject);
    ws.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused ${response.statusCode}`)),
    );
  });
}

const sockets = [];
for (let i = 0; i < plan.sockets.length; i += 50) {
  const batch = await Promise.all(plan.sockets.slice(i, i + 50).map(open));
  batch.forEach((ws, j) => (ws.index = i + j));
  sockets.push(...batch);
}

const total = plan.rate * plan.seconds;
const sends = [];
let failed = 0;
const startedAt = performance.now();
for (let n = 0; n < total; n += 1) {
  const wait = startedAt + (n * 1000) / plan.rate - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const conversation = plan.conversations[n % plan.conversations.length];
  const sender = conversation.senders[n % conversation.senders.length];
  const clientId = `bench-${plan.run}-${n}`;
  sentAt.set(clientId, performance.now());
  sends.push(
    fetch(sender.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sender.headers },
      body: JSON.stringify({ content: `Benchmark message ${n}`, clientId }),
    }).then(
      (response) => {
        if (!response.ok) failed += 1;
        return response.arrayBuffer();
      },
      () => (failed += 1),
    ),
  );
}
await Promise.all(sends);
// Time for the last deliveries.
await new Promise((resolve) => setTimeout(resolve, 2_000));
for (const ws of sockets) ws.terminate();

latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
const expected = plan.conversations.reduce((sum, c, i) => {
  const messages =
    Math.floor(total / plan.conversations.length) + (i < total % plan.conversations.length ? 1 : 0);
  return sum + messages * c.listeners;
}, 0);
console.log(
  JSON.stringify({
    expected,
    received: seen.size,
    duplicates,
    failedSends: failed,
    p50: at(0.5),
    p99: at(0.99),
  }),
);
