/**
 * npm run loadtest -- [--users 5000] [--duration 60] [--ramp 250] [--instances 3] [--questions 20000]
 *                     [--target URL --database-url URL] [--out DIR] [--cpu-prof DIR]
 *
 * How many people Mentor Me serves at once. Starts `npm run cluster` (nginx and the instances) on a fresh database of
 * the machine's PostgreSQL, fills it with a community, then adds people in steps of --ramp, each step lasting
 * --duration seconds, until a step breaks a threshold (bench/loadtest/stats.ts) or --users are in. Every person has
 * an address of their own in 127.0.0.0/8 and follows a journey with 5–20 s between actions (bench/loadtest/journeys.ts).
 * Writes report.json and chart.svg to --out, and ends with the line
 *   loadtest: held N users (p50 A ms, p99 B ms, errors C%, chat D/E delivered, p99 F ms)
 * With --target, runs against that deployment instead, whose database (--database-url) gets the members' accounts.
 * --cpu-prof DIR: the cluster's instances write their CPU profiles there when the run ends.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chart } from './loadtest/chart';
import { ramp, type StepReport } from './loadtest/ramp';
import { freshDatabase, prepareDatabase, startCluster, type Cluster } from './loadtest/setup';

const root = path.resolve(import.meta.dirname, '..');
const USAGE =
  'Usage: npm run loadtest -- [--users N] [--duration S] [--ramp R] [--target URL --database-url URL] [--out DIR]';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '5000' },
    duration: { type: 'string', default: '60' },
    ramp: { type: 'string' },
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '5800' },
    questions: { type: 'string', default: '20000' },
    target: { type: 'string' },
    'database-url': { type: 'string' },
    out: { type: 'string', default: path.join(root, '.data/loadtest') },
    'cpu-prof': { type: 'string' },
  },
});

function whole(name: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}.\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

const users = whole('users', values.users, 1, 60_000);
const seconds = whole('duration', values.duration, 10, 3_600);
const step = whole('ramp', values.ramp ?? String(Math.min(users, 250)), 1, users);
const instances = whole('instances', values.instances, 1, 16);
const port = whole('port', values.port, 1024, 65_000);
const questions = whole('questions', values.questions, 100, 10_000_000);
const databaseUrl =
  values['database-url'] ??
  (values.target ? undefined : 'postgres://postgres@127.0.0.1:5432/mentorme_loadtest');
if (!databaseUrl) {
  console.error(
    `--target needs --database-url: the deployment's database gets the members' accounts.\n${USAGE}`,
  );
  process.exit(2);
}

const log = (line: string) => console.log(line);
const figures = (s: StepReport) =>
  `p50 ${s.p50} ms, p99 ${s.p99} ms, errors ${s.errorPercent}%, chat ${s.chat.delivered}/${s.chat.sent} delivered, p99 ${s.chat.p99} ms`;

let cluster: Cluster | undefined;
// Ctrl-C: the cluster stops with the run.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (cluster?.stop() ?? Promise.resolve()).then(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  if (!values.target) {
    log(
      `Preparing a fresh database (${questions.toLocaleString('en-AU')} questions) and ${instances} instances behind nginx…`,
    );
    await freshDatabase(databaseUrl!);
  }
  // A deployment elsewhere keeps its own questions: only the members' accounts are added to it.
  const { run, password } = await prepareDatabase(databaseUrl!, users, values.target ? 0 : questions);
  try {
    if (!values.target) cluster = await startCluster(port, instances, databaseUrl!, values['cpu-prof']);
    const base = values.target ?? cluster!.base;
    log(
      `Load: up to ${users} people in steps of ${step}, ${seconds} s each, on ${base} (${os.cpus().length} cores)`,
    );
    const steps = await ramp({
      base,
      users,
      step,
      seconds,
      run,
      password,
      metrics: cluster?.metrics ?? [],
      log,
    });
    const held = steps.filter((s) => s.held).at(-1);
    const shown = held ?? steps[0]!;
    const out = path.resolve(values.out!);
    mkdirSync(out, { recursive: true });
    const report = {
      date: new Date().toISOString(),
      machine: {
        cores: os.cpus().length,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
      },
      settings: { users, step, seconds, instances, questions, target: base },
      held: held?.users ?? 0,
      steps,
    };
    writeFileSync(path.join(out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(
      path.join(out, 'chart.svg'),
      chart(
        steps,
        `npm run loadtest: ${instances} instances, nginx and PostgreSQL on ${os.cpus().length} cores`,
      ),
    );
    log(`Report: ${path.join(out, 'report.json')}, chart: ${path.join(out, 'chart.svg')}`);
    if (cluster) log(`The cluster's logs: ${cluster.logDir}`);
    log(`loadtest: held ${held?.users ?? 0} users (${figures(shown)})`);
  } finally {
    await cluster?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
