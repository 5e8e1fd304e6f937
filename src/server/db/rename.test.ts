import { eq, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../modules/questions/questions.test-helpers';
import { createTestDatabase, type TestDatabase } from '../test/helpers';
import { chloeReplyJobs, questions } from './schema';

/**
 * Migration 0023 renamed `ai_reply_jobs` to `chloe_reply_jobs` and kept the old name as a view for one release
 * (decision 049): an instance of the previous release, still serving during a rolling restart, writes and claims
 * its jobs through the old name, and they land in the new table.
 */
/** The table as the previous release's schema declares it: Drizzle writes `default` for every column not given. */
const previousJobs = pgTable('ai_reply_jobs', {
  questionId: uuid('question_id').primaryKey(),
  status: text('status').notNull().default('pending'),
  urgent: boolean('urgent').notNull().default(false),
  attempts: integer('attempts').notNull().default(0),
  runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

describe('the reply jobs table under its new name', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });

  async function question(title: string) {
    const author = await createUser(t.db);
    const [row] = await t.db
      .insert(questions)
      .values({ authorId: author.id, title, content: `${title} Thanks for any help.` })
      .returning({ id: questions.id });
    return row!.id;
  }
  const job = async (questionId: string) =>
    (await t.db.select().from(chloeReplyJobs).where(eq(chloeReplyJobs.questionId, questionId)))[0];

  it('is a table named chloe_reply_jobs, its index and constraints named after it; the old name is a view', async () => {
    const kinds = await t.db.execute<{ name: string; kind: string }>(sql`
      select relname as name, relkind::text as kind from pg_class
      where relnamespace = 'public'::regnamespace and relname like any (array['ai_reply_jobs%', 'chloe_reply_jobs%'])
      order by relname`);
    expect(kinds.rows).toEqual([
      { name: 'ai_reply_jobs', kind: 'v' },
      { name: 'chloe_reply_jobs', kind: 'r' },
      { name: 'chloe_reply_jobs_due_idx', kind: 'i' },
      { name: 'chloe_reply_jobs_pkey', kind: 'i' },
    ]);
    const constraints = await t.db.execute<{ name: string }>(sql`
      select conname as name from pg_constraint where conrelid = 'chloe_reply_jobs'::regclass order by conname`);
    expect(constraints.rows.map((row) => row.name)).toEqual([
      'chloe_reply_jobs_pkey',
      'chloe_reply_jobs_question_id_questions_id_fk',
    ]);
    const updatable = await t.db.execute<{ insertable: string; updatable: string }>(sql`
      select is_insertable_into as insertable, is_updatable as updatable from information_schema.views
      where table_schema = 'public' and table_name = 'ai_reply_jobs'`);
    expect(updatable.rows).toEqual([{ insertable: 'YES', updatable: 'YES' }]);
  });

  it('takes the previous release’s insert, insert … on conflict and update through the old name', async () => {
    const first = await question('Where do I start with statistics?');
    // As the previous release asks: only the question and urgency, the rest from the table's defaults.
    await t.db.execute(sql`insert into ai_reply_jobs (question_id, urgent) values (${first}, true)`);
    expect(await job(first)).toMatchObject({ status: 'pending', urgent: true, attempts: 0, lastError: null });

    await t.db.execute(sql`
      insert into ai_reply_jobs (question_id, urgent) values (${first}, false)
      on conflict (question_id) do update set urgent = excluded.urgent, updated_at = now()`);
    expect(await job(first)).toMatchObject({ urgent: false });
    await t.db.execute(sql`
      insert into ai_reply_jobs (question_id) values (${first}) on conflict (question_id) do nothing`);

    const retried = await t.db.execute<{ id: string }>(sql`
      update ai_reply_jobs set status = 'failed', attempts = 5, last_error = 'model unreachable'
      where question_id = ${first} and status <> 'done' returning question_id as id`);
    expect(retried.rows).toEqual([{ id: first }]);
    expect(await job(first)).toMatchObject({ status: 'failed', attempts: 5, lastError: 'model unreachable' });

    // And as its Drizzle schema writes them.
    const second = await question('Should I take the internship?');
    await t.db.insert(previousJobs).values({ questionId: second, urgent: true });
    await t.db.insert(previousJobs).values({ questionId: second }).onConflictDoNothing();
    expect(await job(second)).toMatchObject({ status: 'pending', urgent: true, attempts: 0 });
    const done = await t.db
      .update(previousJobs)
      .set({ status: 'done', lockedUntil: null, lastError: null, updatedAt: sql`now()` })
      .where(eq(previousJobs.questionId, second))
      .returning({ id: previousJobs.questionId });
    expect(done).toEqual([{ id: second }]);
    expect(await job(second)).toMatchObject({ status: 'done' });
    expect(await t.db.select().from(previousJobs).where(eq(previousJobs.questionId, second))).toHaveLength(1);

    const through = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ai_reply_jobs where question_id = ${first}`,
    );
    expect(through.rows[0]!.n).toBe(1);
  });

  it('lets the previous release claim jobs with for update skip locked, each job once', async () => {
    await t.db.delete(chloeReplyJobs);
    const ids = [
      await question('How do I ask for a deadline extension?'),
      await question('Is a gap year fine?'),
    ];
    await t.db.insert(chloeReplyJobs).values(ids.map((questionId) => ({ questionId })));

    // The previous release's claim, word for word but for its lease.
    const claim = () =>
      t.db.execute<{ question_id: string; attempts: number }>(sql`
        update ai_reply_jobs set status = 'running', attempts = attempts + 1,
          locked_until = now() + interval '5 minutes', updated_at = now()
        where question_id = (
          select question_id from ai_reply_jobs
          where run_after <= now()
            and (status = 'pending' or (status = 'running' and locked_until < now()))
          order by urgent desc, created_at
          limit 1
          for update skip locked)
        returning question_id, attempts`);

    // One job held by an open transaction is skipped by a claim through the old name, not waited on.
    const holder = await t.db.$client.connect();
    try {
      await holder.query('begin');
      const held = await holder.query<{ question_id: string }>(
        `select question_id from chloe_reply_jobs where question_id = $1 for update`,
        [ids[0]],
      );
      expect(held.rows).toHaveLength(1);
      const skipping = await claim();
      expect(skipping.rows).toEqual([{ question_id: ids[1], attempts: 1 }]);
      await holder.query('rollback');
    } finally {
      holder.release();
    }

    const next = await claim();
    expect(next.rows).toEqual([{ question_id: ids[0], attempts: 1 }]);
    expect((await claim()).rows).toEqual([]);
    for (const id of ids) expect(await job(id)).toMatchObject({ status: 'running', attempts: 1 });
  });

  it('still deletes a question’s job with the question', async () => {
    const id = await question('Can I change my course after a term?');
    await t.db.execute(sql`insert into ai_reply_jobs (question_id) values (${id})`);
    await t.db.delete(questions).where(eq(questions.id, id));
    expect(await job(id)).toBeUndefined();
  });
});
