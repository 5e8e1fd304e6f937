import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chloeMisses, chloeReplyJobs, questions, replies } from '../../db/schema';
import { loadKnowledge, syncKnowledge } from '../../db/seed/knowledge';
import { useTestApp } from '../../test/helpers';
import { api, createUser, RELAXED_LIMITS } from '../questions/questions.test-helpers';
import { backoffMs } from '../../lib/polled-worker';
import { ChloeReplier } from './jobs';
import { OfflineGuide, type ChatProvider, type ProviderRequest } from './providers';

/** A provider that is down until told otherwise, then answers like the offline guide. */
class FlakyProvider implements ChatProvider {
  readonly name = 'flaky';
  down = true;
  calls = 0;
  private readonly guide = new OfflineGuide();
  async *stream(request: ProviderRequest): AsyncIterable<string> {
    this.calls += 1;
    if (this.down) throw new Error('model unreachable');
    yield* this.guide.stream(request);
  }
}

describe('Chloe’s replies to new questions', () => {
  const t = useTestApp(RELAXED_LIMITS);
  beforeAll(async () => {
    await syncKnowledge(t.db, loadKnowledge());
  });

  async function ask(title: string, isUrgent = false) {
    const user = await createUser(t.db);
    const question = await api(t.app).ask(user.headers, {
      title,
      content: `${title} Thanks for any help.`,
      isUrgent,
    });
    return question.id;
  }
  const aiReplies = (questionId: string) =>
    t.db
      .select()
      .from(replies)
      .where(sql`${replies.questionId} = ${questionId} and ${replies.isAiReply}`);
  const job = async (questionId: string) =>
    (await t.db.select().from(chloeReplyJobs).where(eq(chloeReplyJobs.questionId, questionId)))[0]!;

  it('posts no "no information" reply: a question Chloe has nothing on waits for a person, and joins her misses', async () => {
    const id = await ask('Can I bring my cat on the plane to Australia?');
    await new ChloeReplier(t.db, new OfflineGuide()).drain();
    expect(await aiReplies(id)).toEqual([]);
    expect((await job(id)).status).toBe('done');
    const [question] = await t.db.select().from(questions).where(eq(questions.id, id));
    expect(question!.replyCount).toBe(0);
    const [miss] = await t.db
      .select()
      .from(chloeMisses)
      .where(sql`${chloeMisses.question} like 'Can I bring my cat%'`);
    expect(miss).toMatchObject({ kind: 'nothing', locale: 'en', count: 1 });
    // The asker's page learns that no answer is coming; for a question she answered, that it is there.
    const status = async (questionId: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/ai/replies/${questionId}` })).json<{
        status: string;
      }>();
    expect(await status(id)).toEqual({ status: 'no-reply' });
    const answered = await ask('How do I get a tax file number for my first job?');
    expect(await status(answered)).toEqual({ status: 'answering' });
    await new ChloeReplier(t.db, new OfflineGuide()).drain();
    expect(await status(answered)).toEqual({ status: 'replied' });
    expect(await status('00000000-0000-4000-8000-000000000000')).toEqual({ status: 'none' });
    expect((await t.app.inject({ method: 'GET', url: '/api/ai/replies/not-an-id' })).statusCode).toBe(400);
  });

  it('queues a job with each new question and writes exactly one reply, even when run twice', async () => {
    const id = await ask('How do I get a tax file number?');
    expect((await job(id)).status).toBe('pending');
    const replier = new ChloeReplier(t.db, new OfflineGuide());
    await replier.drain();
    const [reply] = await aiReplies(id);
    expect(reply!.content).toContain('Tax file number (TFN)');
    // A reply in the feed carries its sources in its text.
    expect(reply!.content).toContain('https://www.ato.gov.au/individuals-and-families/tax-file-number');
    expect(reply!.authorId).toBeNull();
    expect((await job(id)).status).toBe('done');

    // The same job run again (a second worker, a replay): still one reply, and the count is right.
    await t.db.update(chloeReplyJobs).set({ status: 'pending' }).where(eq(chloeReplyJobs.questionId, id));
    await replier.drain();
    await new ChloeReplier(t.db, new OfflineGuide()).drain();
    expect(await aiReplies(id)).toHaveLength(1);
    const [question] = await t.db.select().from(questions).where(eq(questions.id, id));
    expect(question!.replyCount).toBe(1);

    // The feed's card shows Chloe's reply.
    const list = await t.app.inject({ url: '/api/questions?sort=latest' });
    const card = list
      .json<{ questions: { id: string; replies: { isAiReply: boolean }[] }[] }>()
      .questions.find((q) => q.id === id);
    expect(card?.replies[0]?.isAiReply).toBe(true);
  });

  it('retries with backoff while the provider is down and answers when it is back', async () => {
    const id = await ask('Where do I pay the bond for renting?');
    const provider = new FlakyProvider();
    const replier = new ChloeReplier(t.db, provider);
    await replier.drain();
    let state = await job(id);
    expect(state.status).toBe('pending');
    expect(state.attempts).toBe(1);
    expect(state.lastError).toBe('model unreachable');
    expect(state.runAfter.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await aiReplies(id)).toHaveLength(0);

    provider.down = false;
    await t.db
      .update(chloeReplyJobs)
      .set({ runAfter: sql`now()` })
      .where(eq(chloeReplyJobs.questionId, id));
    await replier.drain();
    state = await job(id);
    expect(state.status).toBe('done');
    expect(await aiReplies(id)).toHaveLength(1);
  });

  it('gives up after the last attempt and keeps the job as failed for an admin', async () => {
    const id = await ask('What about my visa conditions?');
    const replier = new ChloeReplier(t.db, new FlakyProvider(), { maxAttempts: 2 });
    await replier.drain();
    await t.db
      .update(chloeReplyJobs)
      .set({ runAfter: sql`now()` })
      .where(eq(chloeReplyJobs.questionId, id));
    await replier.drain();
    expect((await job(id)).status).toBe('failed');
  });

  it('takes over a job whose worker stopped in the middle, once its lease ends', async () => {
    const id = await ask('tax file number for my first job');
    // A worker claimed it and died: running, lease still valid, then expired.
    await t.db
      .update(chloeReplyJobs)
      .set({ status: 'running', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(chloeReplyJobs.questionId, id));
    const replier = new ChloeReplier(t.db, new OfflineGuide());
    await replier.drain();
    expect((await job(id)).status).toBe('running');
    await t.db
      .update(chloeReplyJobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(chloeReplyJobs.questionId, id));
    await replier.drain();
    expect((await job(id)).status).toBe('done');
    expect(await aiReplies(id)).toHaveLength(1);
  });

  it('answers urgent questions first', async () => {
    const calm = await ask('Renting question about the bond');
    const urgent = await ask('Urgent: I lost my job and rent is due', true);
    const replier = new ChloeReplier(t.db, new OfflineGuide());
    expect(await replier.runOnce()).toBe(true);
    expect((await job(urgent)).status).toBe('done');
    expect((await job(calm)).status).toBe('pending');
    await replier.drain();
  });

  it('waits longer after each failure, up to a limit', () => {
    expect(backoffMs(1, 1_800_000)).toBe(30_000);
    expect(backoffMs(2, 1_800_000)).toBe(60_000);
    expect(backoffMs(20, 1_800_000)).toBe(1_800_000);
  });
});
