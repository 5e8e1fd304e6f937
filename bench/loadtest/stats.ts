/**
 * What one step of the load test saw: every request's time and whether the journey expected its status, every chat
 * message's delivery, every Chloe answer's time to its end. A step holds when none of the thresholds breaks.
 */

/** A step breaks when any of these is passed (issue 53's thresholds). */
export const THRESHOLDS = {
  errorShare: 0.001,
  averageMs: 100,
  p99Ms: 500,
  chatLateMs: 2_000,
  chloeMs: 10_000,
} as const;

export const percentile = (sorted: number[], q: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

export class StepStats {
  readonly latencies: number[] = [];
  errors = 0;
  /** Unexpected answers by what was asked and what came back ("GET /api/questions 429"), for the report. */
  readonly errorKinds = new Map<string, number>();
  chatSent = 0;
  chatDelivered = 0;
  chatDuplicates = 0;
  readonly chatLatencies: number[] = [];
  chloeAsked = 0;
  chloeFinished = 0;
  readonly chloeTimes: number[] = [];
  signIns = 0;

  constructor(
    readonly users: number,
    readonly startedAt = Date.now(),
  ) {}

  request(ms: number, ok: boolean, kind: string): void {
    this.latencies.push(ms);
    if (!ok) this.error(kind);
  }

  error(kind: string): void {
    this.errors += 1;
    this.errorKinds.set(kind, (this.errorKinds.get(kind) ?? 0) + 1);
  }

  summary(chatLost: number) {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const chat = [...this.chatLatencies].sort((a, b) => a - b);
    const chloe = [...this.chloeTimes].sort((a, b) => a - b);
    const requests = sorted.length;
    const average = requests ? sorted.reduce((sum, n) => sum + n, 0) / requests : 0;
    const chatLate = chat.filter((ms) => ms > THRESHOLDS.chatLateMs).length;
    const chloeSlow =
      chloe.filter((ms) => ms > THRESHOLDS.chloeMs).length + (this.chloeAsked - this.chloeFinished);
    const errorShare = requests ? this.errors / requests : 0;
    const seconds = (Date.now() - this.startedAt) / 1000;
    const broken: string[] = [];
    if (errorShare > THRESHOLDS.errorShare) broken.push(`errors ${round(errorShare * 100, 2)}%`);
    if (average > THRESHOLDS.averageMs) broken.push(`average ${round(average)} ms`);
    if (percentile(sorted, 0.99) > THRESHOLDS.p99Ms) broken.push(`p99 ${round(percentile(sorted, 0.99))} ms`);
    if (chatLost) broken.push(`${chatLost} chat messages lost`);
    if (this.chatDuplicates) broken.push(`${this.chatDuplicates} chat messages delivered twice`);
    if (chatLate) broken.push(`${chatLate} chat messages later than 2 s`);
    if (chloeSlow) broken.push(`${chloeSlow} Chloe answers not finished in 10 s`);
    return {
      users: this.users,
      seconds: round(seconds),
      requests,
      requestsPerSecond: round(requests / Math.max(seconds, 1)),
      signIns: this.signIns,
      p50: round(percentile(sorted, 0.5)),
      p99: round(percentile(sorted, 0.99)),
      average: round(average),
      max: round(sorted.at(-1) ?? 0),
      errors: this.errors,
      errorPercent: round(errorShare * 100, 3),
      errorKinds: Object.fromEntries(this.errorKinds),
      chat: {
        sent: this.chatSent,
        delivered: this.chatDelivered,
        lost: chatLost,
        duplicates: this.chatDuplicates,
        late: chatLate,
        p50: round(percentile(chat, 0.5)),
        p99: round(percentile(chat, 0.99)),
      },
      chloe: {
        asked: this.chloeAsked,
        finished: this.chloeFinished,
        p50: round(percentile(chloe, 0.5)),
        p99: round(percentile(chloe, 0.99)),
      },
      broken,
      held: broken.length === 0,
    };
  }
}

export type StepSummary = ReturnType<StepStats['summary']>;

/** The step whose numbers every measurement goes to, changed by the ramp as it adds people. */
export class Recorder {
  current: StepStats;
  constructor(users: number) {
    this.current = new StepStats(users);
  }
}
