/**
 * The ramp: people are added in steps, each step's arrivals spread over its first half, until a step breaks a
 * threshold or every person asked for is in. Each step's figures come from its own requests and messages; its
 * chat messages are given a few seconds after the step to arrive before the missing ones count as lost.
 */
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Chatter, ChatLedger } from './chat';
import { loopbackAddress } from './client';
import { Member, Visitor, type World } from './journeys';
import { ProcessWatch, type ProcessUse } from './processes';
import { emailOf, eventLoopLag, roleOf } from './setup';
import { Recorder, StepStats, type StepSummary } from './stats';

export type RampOptions = {
  base: string;
  users: number;
  step: number;
  seconds: number;
  run: string;
  password: string;
  /** The instances' metrics addresses, for their event loop lag; empty for a deployment elsewhere. */
  metrics: string[];
  log: (line: string) => void;
};

export type StepReport = StepSummary & {
  processes: ProcessUse;
  /** p99 event loop lag in ms, of each instance and of the load generator. */
  eventLoopLagMs: Record<string, number>;
};

/** Time after a step for its last chat messages to arrive (a message later than 2 s breaks the step anyway). */
const CHAT_GRACE_MS = 3_000;

export async function ramp(options: RampOptions): Promise<StepReport[]> {
  const ending = new AbortController();
  // Every person's think time listens for the end.
  setMaxListeners(0, ending.signal);
  const recorder = new Recorder(0);
  const world: World = {
    base: options.base,
    recorder,
    chat: new ChatLedger(),
    end: ending.signal,
    password: options.password,
  };
  const watch = new ProcessWatch();
  const ownLag = monitorEventLoopDelay({ resolution: 10 });
  ownLag.enable();
  const running: Promise<void>[] = [];
  const reports: StepReport[] = [];
  let people = 0;

  const add = (target: number, spreadMs: number) => {
    const first = people;
    for (let n = first; n < target; n += 1) {
      const delay = ((n - first) / Math.max(1, target - first)) * spreadMs;
      const address = loopbackAddress(n);
      const role = roleOf(n);
      if (role === 'visitor') running.push(new Visitor(world, n, address).run(delay));
      else if (role === 'member')
        running.push(new Member(world, n, address, emailOf(options.run, n)).run(delay));
      else if (role === 'chat-student' && n + 1 < target) {
        const pair = Chatter.pair(
          world,
          n,
          [address, loopbackAddress(n + 1)],
          [emailOf(options.run, n), emailOf(options.run, n + 1)],
        );
        running.push(...pair.map((person) => person.run(delay)));
        n += 1;
      } else running.push(new Visitor(world, n, address).run(delay));
    }
    people = target;
  };

  let target = Math.min(options.step, options.users);
  let stats = new StepStats(target);
  recorder.current = stats;
  add(target, (options.seconds * 1000) / 2);
  for (;;) {
    await sleep(options.seconds * 1000);
    const processes = watch.take();
    const lag = {
      ...(await eventLoopLag(options.metrics)),
      'load generator': Math.round(ownLag.percentile(99) / 1e5) / 10,
    };
    ownLag.reset();
    const finished = stats;
    const last = target >= options.users;
    // The next step starts now; this one's figures once its chat messages have had their time.
    if (!last) {
      target = Math.min(target + options.step, options.users);
      stats = new StepStats(target);
      recorder.current = stats;
      add(target, (options.seconds * 1000) / 2);
    }
    await sleep(CHAT_GRACE_MS);
    const report: StepReport = {
      ...finished.summary(world.chat.lost(finished)),
      processes,
      eventLoopLagMs: lag,
    };
    reports.push(report);
    options.log(
      `  ${report.users} users: p50 ${report.p50} ms, p99 ${report.p99} ms, average ${report.average} ms, ` +
        `${report.requestsPerSecond} requests/s, errors ${report.errorPercent}%, chat ${report.chat.delivered}/` +
        `${report.chat.sent} (p99 ${report.chat.p99} ms), Chloe p99 ${report.chloe.p99} ms` +
        (report.held ? '' : ` (broke: ${report.broken.join(', ')})`),
    );
    if (!report.held || last) break;
  }

  ending.abort();
  watch.stop();
  ownLag.disable();
  await Promise.allSettled(running);
  return reports;
}
