/**
 * Mentor chat under the load test: pairs of a student and a mentor, both simulated, in a conversation the student
 * starts. Each message is sent as the app sends it (REST, with a client id) and must arrive once on the other
 * person's socket; the ledger times it from the send to the other side's receipt.
 */
import { performance } from 'node:perf_hooks';
import { Member, type World } from './journeys';
import type { StepStats } from './stats';

type Pending = { stats: StepStats; sentAt: number; to: string };

export class ChatLedger {
  private readonly pending = new Map<string, Pending>();
  /** Messages that arrived, by client id: a second arrival on the same side is a duplicate. */
  private readonly arrived = new Map<string, Pending>();

  sent(clientId: string, to: string, stats: StepStats): void {
    stats.chatSent += 1;
    this.pending.set(clientId, { stats, sentAt: performance.now(), to });
  }

  /** The send failed (its request is counted as an error): the message never existed. */
  unsent(clientId: string): void {
    const pending = this.pending.get(clientId);
    if (pending) pending.stats.chatSent -= 1;
    this.pending.delete(clientId);
  }

  received(clientId: string, by: string): void {
    const pending = this.pending.get(clientId);
    if (pending?.to === by) {
      pending.stats.chatDelivered += 1;
      pending.stats.chatLatencies.push(performance.now() - pending.sentAt);
      this.pending.delete(clientId);
      this.arrived.set(clientId, pending);
    } else if (this.arrived.get(clientId)?.to === by) {
      this.arrived.get(clientId)!.stats.chatDuplicates += 1;
    }
  }

  /** The step's messages still not arrived (called once the step is over and given time): lost. */
  lost(stats: StepStats): number {
    let lost = 0;
    for (const [clientId, pending] of this.pending) {
      if (pending.stats !== stats) continue;
      lost += 1;
      this.pending.delete(clientId);
    }
    for (const [clientId, arrived] of this.arrived)
      if (arrived.stats === stats) this.arrived.delete(clientId);
    return lost;
  }
}

/** What a pair shares: the conversation, once the student has started it. */
class Pair {
  conversationId: string | undefined;
  private mentorReady!: (ok: boolean) => void;
  readonly mentorArrived = new Promise<boolean>((resolve) => (this.mentorReady = resolve));
  arrived(ok: boolean): void {
    this.mentorReady(ok);
  }
}

let sentCount = 0;

export class Chatter extends Member {
  private partner!: Chatter;

  constructor(
    world: World,
    n: number,
    address: string,
    email: string,
    readonly role: 'student' | 'mentor',
    private readonly pair: Pair,
  ) {
    super(world, n, address, email);
  }

  /** A student and their mentor, the `n`th and `n + 1`th people. */
  static pair(world: World, n: number, addresses: [string, string], emails: [string, string]): Chatter[] {
    const pair = new Pair();
    const student = new Chatter(world, n, addresses[0], emails[0], 'student', pair);
    const mentor = new Chatter(world, n + 1, addresses[1], emails[1], 'mentor', pair);
    student.partner = mentor;
    mentor.partner = student;
    return [student, mentor];
  }

  protected override async arrive(): Promise<void> {
    if (this.role === 'mentor') {
      try {
        await super.arrive();
      } finally {
        this.pair.arrived(this.socket !== undefined);
      }
      return;
    }
    await super.arrive();
    if (!(await this.pair.mentorArrived)) return;
    const conversation = await this.browser.json<{ id: string }>('POST', '/api/conversations', {
      participantId: this.partner.id,
      title: `Finding a room near campus (${this.n})`,
    });
    if (!conversation) return;
    this.pair.conversationId = conversation.id;
    for (const person of [this, this.partner]) {
      person.socket?.send(JSON.stringify({ type: 'join', conversationId: conversation.id }));
    }
  }

  protected override act(): Promise<unknown> {
    const conversationId = this.pair.conversationId;
    if (!conversationId || Math.random() < 0.4) return super.act();
    return this.say(conversationId);
  }

  private async say(conversationId: string): Promise<void> {
    sentCount += 1;
    const clientId = `load-${process.pid}-${sentCount}`;
    this.world.chat.sent(clientId, this.partner.id, this.world.recorder.current);
    const answer = await this.browser.call('POST', `/api/conversations/${conversationId}/messages`, {
      content: `Thanks, that helps. One more question about the lease (${sentCount}).`,
      clientId,
    });
    if (answer.status !== 201 && answer.status !== 200) this.world.chat.unsent(clientId);
  }

  protected override onFrame(frame: { type: string; [key: string]: unknown }): void {
    if (frame.type !== 'new_message') return;
    const clientId = (frame.message as { clientId?: string }).clientId;
    if (clientId) this.world.chat.received(clientId, this.id);
  }
}
