import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { QuestionList } from '../../shared/schemas/questions';
import { createTestDatabase, useTestApp } from '../test/helpers';
import { seedCategories } from '../modules/questions/categories';
import { SCALE_REFUSE_ABOVE } from './seed-scale';
import { countQuestions } from './seed-scale-database';
import { seedScale, type ScaleResult } from './seed-scale-rows';

const root = path.resolve(import.meta.dirname, '../../..');

describe('seedScale, small', () => {
  const t = useTestApp();
  let result: ScaleResult;

  beforeAll(async () => {
    await seedCategories(t.db);
    result = await seedScale(t.db, { questions: 200, replies: 600, messages: 1_000 });
  });

  const one = async <T extends Record<string, unknown>>(query: SQL) =>
    (await t.db.execute<T>(query)).rows[0]!;

  it('writes exactly the rows asked for, with the members and conversations they need', async () => {
    expect(
      await one(sql`select (select count(*) from questions)::int as questions,
        (select count(*) from replies)::int as replies, (select count(*) from messages)::int as messages,
        (select count(*) from users)::int as users, (select count(*) from conversations)::int as conversations,
        (select count(*) from conversation_participants)::int as participants`),
    ).toEqual({
      questions: 200,
      replies: 600,
      messages: 1_000,
      users: result.users,
      conversations: result.conversations,
      participants: 2 * result.conversations,
    });
    expect(result.conversations).toBeGreaterThan(0);
    expect(await one(sql`select count(*)::int as n from users where role = 'mentor'`)).toEqual({
      n: result.mentors,
    });
  });

  it('gives each question its reply count, Chloe first, and some many more than others', async () => {
    expect(
      await one(sql`select count(*)::int as n from questions q
        where q.reply_count <> (select count(*) from replies r where r.question_id = q.id)`),
    ).toEqual({ n: 0 });
    const counts = await one<{ least: number; most: number; ai: number }>(sql`
      select min(reply_count)::int as least, max(reply_count)::int as most,
        (select count(*) from replies where is_ai_reply)::int as ai from questions`);
    expect(counts.least).toBeGreaterThanOrEqual(1);
    expect(counts.most).toBeGreaterThan(6);
    expect(counts.ai).toBe(200);
    // Members and mentors reply, and now and then the asker follows up.
    const authors = await one<{ mentors: number; askers: number }>(sql`
      select count(*) filter (where u.role = 'mentor')::int as mentors,
        count(*) filter (where r.author_id = q.author_id)::int as askers
      from replies r join questions q on q.id = r.question_id left join users u on u.id = r.author_id`);
    expect(authors.mentors).toBeGreaterThan(0);
    expect(authors.askers).toBeGreaterThan(0);
  });

  it('spreads the questions over two years, the topics and a range of likes', async () => {
    const spread = await one<{
      days: number;
      newest_hours: number;
      topics: number;
      most_likes: number;
      no_likes: number;
    }>(sql`
      select extract(epoch from max(created_at) - min(created_at))::float8 / 86400 as days,
        extract(epoch from now() - max(created_at))::float8 / 3600 as newest_hours,
        count(distinct category_id)::int as topics, max(upvotes)::int as most_likes,
        count(*) filter (where upvotes = 0)::int as no_likes
      from questions`);
    expect(spread.days).toBeGreaterThan(700);
    expect(spread.days).toBeLessThanOrEqual(730);
    expect(spread.newest_hours).toBeLessThan(24 * 4);
    expect(spread.topics).toBeGreaterThanOrEqual(6);
    expect(spread.most_likes).toBeGreaterThan(3);
    expect(spread.no_likes).toBeGreaterThan(0);
    expect(
      await one(
        sql`select count(*)::int as n from questions where created_at > now() or created_at < now() - interval '731 days'`,
      ),
    ).toEqual({ n: 0 });
  });

  it('numbers each conversation’s messages 1 … last_seq, between its student and its mentor', async () => {
    expect(
      await one(sql`select count(*)::int as n from conversations v
        where v.last_seq <> (select count(*) from messages m where m.conversation_id = v.id)
          or v.last_seq <> coalesce((select max(seq) from messages m where m.conversation_id = v.id), 0)
          or exists (select 1 from messages m where m.conversation_id = v.id
            and m.sender_id not in (v.student_id, v.mentor_id))`),
    ).toEqual({ n: 0 });
  });

  it('makes ids the API takes, and questions the feed pages through', async () => {
    const { rows } = await t.db.execute<{ id: string }>(sql`select id from questions`);
    for (const { id } of rows) expect(z.uuid().safeParse(id).success, id).toBe(true);
    const first = await t.app.inject({ method: 'GET', url: '/api/questions?sort=latest&limit=50' });
    expect(first.statusCode).toBe(200);
    const page = first.json<QuestionList>();
    expect(page.questions).toHaveLength(50);
    const detail = await t.app.inject({ method: 'GET', url: `/api/questions/${page.questions[0]!.id}` });
    expect(detail.statusCode).toBe(200);
  });
});

describe('npm run seed:scale', () => {
  const run = (url: string, args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli/seed-scale.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
    });

  it('fills a database, and refuses one with more than a few hundred questions unless forced', async () => {
    const database = await createTestDatabase();
    try {
      const { stdout } = await run(database.url, [
        '--questions',
        '600',
        '--replies',
        '900',
        '--messages',
        '50',
      ]);
      expect(stdout).toMatch(/600 questions, 900 replies, 50 messages/);
      expect(await countQuestions(database.db)).toBe(600);
      expect(600).toBeGreaterThan(SCALE_REFUSE_ABOVE);

      const refused = await run(database.url, ['--questions', '10']).catch(
        (error: { stderr: string }) => error,
      );
      expect('stderr' in refused && refused.stderr).toMatch(/already holds 600 questions/);
      expect(await countQuestions(database.db)).toBe(600);

      await run(database.url, ['--questions', '10', '--replies', '10', '--messages', '0', '--force']);
      expect(await countQuestions(database.db)).toBe(610);
    } finally {
      await database.drop();
    }
  });
});
