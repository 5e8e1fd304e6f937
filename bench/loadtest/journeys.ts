/**
 * The people of the load test and what they do. Each arrives (a first visit, and a sign-in for members), then acts
 * once every 5–20 s until the run ends: visitors read the feed, questions, the help pages and ask Chloe; members also
 * like, follow, ask, reply and open their notifications; chatters are members who also talk with a mentor over the
 * socket, both sides simulated, every message checked to arrive once on the other side.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { WebSocket } from 'ws';
import { Browser } from './client';
import type { ChatLedger } from './chat';
import type { Recorder } from './stats';

export type World = {
  base: string;
  recorder: Recorder;
  chat: ChatLedger;
  /** Aborted when the run ends: every think time stops at once. */
  end: AbortSignal;
  password: string;
};

const STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'];
const SEARCHES = ['bond', 'tax file number', 'part-time work', 'Medicare', 'rent', 'nhà', 'việc làm'];
/** Questions people ask Chloe, in their language (written for the load test, not taken from any evaluation). */
const CHLOE = {
  en: [
    'My landlord kept all of my bond, who can help me get it back?',
    'Where can I get a tax file number and is it free?',
    'I feel very alone since I moved here, who can I talk to?',
    'How do I find a GP that bulk bills near me?',
  ],
  vi: [
    'Chủ nhà giữ tiền đặt cọc của tôi, tôi nên làm gì?',
    'Làm sao để xin mã số thuế TFN?',
    'Tôi cần tìm bác sĩ gần nhà, phải làm thế nào?',
    'Tôi bị trả lương thấp hơn mức tối thiểu, ai có thể giúp?',
  ],
};

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
/** One of the weighted actions: `[weight, action]` pairs. */
function weighted(actions: [number, () => Promise<unknown>][]): () => Promise<unknown> {
  const total = actions.reduce((sum, [weight]) => sum + weight, 0);
  let r = Math.random() * total;
  for (const [weight, action] of actions) if ((r -= weight) < 0) return action;
  return actions[0]![1];
}

const CHLOE_PER_PERSON = 8;

export class Visitor {
  readonly browser: Browser;
  protected readonly questions: string[] = [];
  protected categories: string[] = [];
  protected socket: WebSocket | undefined;
  private chloeAsked = 0;

  constructor(
    protected readonly world: World,
    readonly n: number,
    address: string,
  ) {
    this.browser = new Browser(world.base, address, n % 3 === 0 ? 'vi' : 'en', world.recorder);
  }

  /** Arrives after `delayMs`, then acts until the run ends. */
  async run(delayMs: number): Promise<void> {
    try {
      await sleep(delayMs, undefined, { signal: this.world.end });
      await this.attempt(() => this.arrive());
      for (;;) {
        await sleep(5_000 + Math.random() * 15_000, undefined, { signal: this.world.end });
        await this.attempt(() => this.act());
      }
    } catch (error) {
      if (!this.world.end.aborted) throw error;
    } finally {
      await this.browser.close();
    }
  }

  /** A journey that fails outside a request (an answer that is not what the page reads) is an error too. */
  private async attempt(step: () => Promise<unknown>): Promise<void> {
    try {
      await step();
    } catch (error) {
      if (!this.world.end.aborted) this.world.recorder.current.error(`journey: ${(error as Error).message}`);
    }
  }

  protected async arrive(): Promise<void> {
    await this.browser.firstVisit('/');
    await this.openApp();
  }

  /** What the app asks for on its first screen, and its realtime socket. */
  protected async openApp(): Promise<void> {
    const language = this.browser.language;
    const [categories] = await Promise.all([
      this.browser.json<{ categories: { slug: string }[] }>('GET', `/api/categories?lang=${language}`),
      this.browser.call('GET', '/api/config'),
      this.feed(),
    ]);
    this.categories = categories?.categories.map((c) => c.slug) ?? [];
    this.socket = await this.browser.openSocket((frame) => this.onFrame(frame));
  }

  protected onFrame(_frame: { type: string; [key: string]: unknown }): void {}

  protected act(): Promise<unknown> {
    return weighted([
      [30, () => this.feed()],
      [30, () => this.question()],
      [15, () => this.helpPages()],
      [15, () => this.chloe()],
      [10, () => this.search()],
    ])();
  }

  protected async feed(): Promise<void> {
    const category =
      this.categories.length && Math.random() < 0.3 ? `&category=${pick(this.categories)}` : '';
    const sort = Math.random() < 0.7 ? 'trending' : 'latest';
    this.learn(await this.browser.json('GET', `/api/questions?sort=${sort}&limit=10${category}`));
  }

  protected search(): Promise<unknown> {
    const q = encodeURIComponent(pick(SEARCHES));
    return this.browser.call('GET', `/api/questions?sort=trending&limit=10&q=${q}`);
  }

  protected async question(): Promise<void> {
    if (!this.questions.length) return this.feed();
    await this.browser.call('GET', `/api/questions/${pick(this.questions)}`);
  }

  protected helpPages(): Promise<unknown> {
    const state = pick(STATES);
    const language = this.browser.language;
    return Promise.all([
      this.browser.call('GET', `/api/resources?state=${state}&lang=${language}`),
      this.browser.call('GET', `/api/government/resources?state=${state}&lang=${language}`),
      this.browser.call('GET', '/api/government/status'),
    ]);
  }

  protected chloe(): Promise<unknown> {
    // A person stops asking long before the day's limit; the rest of their visit is reading.
    if (this.chloeAsked >= CHLOE_PER_PERSON) return this.question();
    this.chloeAsked += 1;
    return this.browser.askChloe(pick(CHLOE[this.browser.language]));
  }

  /** Keeps the questions this person has seen, to open later. */
  protected learn(list: { questions: { id: string }[] } | undefined): void {
    for (const { id } of list?.questions ?? []) {
      if (!this.questions.includes(id)) this.questions.push(id);
    }
    if (this.questions.length > 50) this.questions.splice(0, this.questions.length - 50);
  }
}

/** The app's limits between posts, and a margin: a member who posts again sooner would read a refusal. */
const QUESTION_EVERY_MS = 125_000;
const REPLY_EVERY_MS = 35_000;

export class Member extends Visitor {
  /** Their account, once signed in. */
  id = '';
  private lastQuestion = 0;
  private lastReply = 0;
  private readonly liked = new Set<string>();
  private readonly followed = new Set<string>();

  constructor(
    world: World,
    n: number,
    address: string,
    readonly email: string,
  ) {
    super(world, n, address);
  }

  protected override async arrive(): Promise<void> {
    await this.browser.firstVisit('/');
    const session = await this.browser.json<{ user: { id: string } }>('POST', '/api/auth/signin', {
      email: this.email,
      password: this.world.password,
    });
    if (!session) throw new Error('sign-in failed');
    this.world.recorder.current.signIns += 1;
    this.id = session.user.id;
    await this.browser.call('GET', '/api/auth/me');
    await this.openApp();
  }

  protected override act(): Promise<unknown> {
    return weighted([
      [20, () => this.feed()],
      [20, () => this.question()],
      [10, () => this.like()],
      [5, () => this.follow()],
      [3, () => this.ask()],
      [8, () => this.reply()],
      [12, () => this.notifications()],
      [4, () => this.chloe()],
      [10, () => this.helpPages()],
      [5, () => this.browser.call('GET', '/api/mentors')],
      [3, () => this.search()],
    ])();
  }

  private like(): Promise<unknown> {
    if (!this.questions.length) return this.feed();
    const id = pick(this.questions);
    const liked = !this.liked.has(id);
    if (liked) this.liked.add(id);
    else this.liked.delete(id);
    return this.browser.call('POST', `/api/questions/${id}/like`, { liked });
  }

  private follow(): Promise<unknown> {
    if (Math.random() < 0.3 && this.categories.length) {
      return this.browser.call(
        Math.random() < 0.7 ? 'PUT' : 'DELETE',
        `/api/categories/${pick(this.categories)}/follow`,
      );
    }
    if (!this.questions.length) return this.feed();
    const id = pick(this.questions);
    const following = !this.followed.has(id);
    if (following) this.followed.add(id);
    else this.followed.delete(id);
    return this.browser.call(following ? 'PUT' : 'DELETE', `/api/questions/${id}/follow`);
  }

  private async ask(): Promise<unknown> {
    if (Date.now() - this.lastQuestion < QUESTION_EVERY_MS) return this.feed();
    this.lastQuestion = Date.now();
    const created = await this.browser.json<{ id: string }>('POST', '/api/questions', {
      title: `How do I find a room near my campus? (${this.n}-${Date.now()})`,
      content:
        'I am starting at university next month and I do not know which suburbs are safe and affordable.',
      category: this.categories.length ? pick(this.categories) : null,
    });
    if (created) this.questions.push(created.id);
    return created;
  }

  private reply(): Promise<unknown> {
    if (Date.now() - this.lastReply < REPLY_EVERY_MS || !this.questions.length) return this.question();
    this.lastReply = Date.now();
    return this.browser.call('POST', `/api/questions/${pick(this.questions)}/replies`, {
      content: 'I had the same problem last year: the student union helped me, ask them first.',
    });
  }

  private async notifications(): Promise<void> {
    const page = await this.browser.json<{ unread: number }>('GET', '/api/notifications');
    if (page?.unread) await this.browser.call('POST', '/api/notifications/read', { all: true });
  }
}
