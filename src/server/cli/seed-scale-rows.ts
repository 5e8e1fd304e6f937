/**
 * The rows are made inside PostgreSQL, `insert … select … from generate_series(…)` a batch at a time: nothing
 * crosses the connection but the statements, so it runs at the speed of COPY without a client-side COPY stream.
 */
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { CATEGORY_SLUGS, type CategorySlug } from '../../shared/categories';
import type { Database } from '../db/client';
import {
  coprimeStride,
  shareOf,
  replyCurve,
  messageCurve,
  pick,
  idOf,
  inBatches,
  rate,
} from './seed-scale-sql';
import {
  GIVEN,
  FAMILY,
  ASKS,
  TOPICS,
  PLACES,
  VI_TITLES,
  DETAILS,
  VI_DETAILS,
  TAGS,
  ANSWERS,
  CHLOE,
  CHATS,
} from './seed-scale-words';

export type ScaleSizes = { questions: number; replies: number; messages: number };

/** The questions' span: two years, the newest asked just now. */
const SPAN_SECONDS = 730 * 24 * 3600;

/** Rows per statement: big enough to run at bulk speed, small enough that each commits in a second or two. */
const QUESTIONS_PER_BATCH = 20_000;
const MESSAGES_PER_BATCH = 200_000;

/** How the questions fall over the topics, in hundredths; the rest have none. */
const CATEGORY_SHARE: Record<CategorySlug, number> = {
  'immigration-help': 20,
  'student-support': 20,
  housing: 18,
  'health-well-being': 10,
  'work-career': 17,
  founders: 3,
  'emergency-sos': 6,
};

export type ScaleResult = ScaleSizes & {
  users: number;
  mentors: number;
  conversations: number;
  seconds: number;
};

type Log = (message: string) => void;

/**
 * Adds `sizes` of questions, replies and chat messages, with the members and conversations they need, to a migrated
 * database with the categories. Every figure is exact: the replies are shared out over the questions (each
 * question's reply count is its number of replies) and the messages over the conversations.
 */
export async function seedScale(
  db: Database,
  sizes: ScaleSizes,
  options: { jobs?: number; log?: Log } = {},
): Promise<ScaleResult> {
  const log = options.log ?? (() => undefined);
  const jobs = options.jobs ?? 1;
  const started = performance.now();
  const { questions: Q, replies: R, messages: M } = sizes;
  const students = Math.max(20, Math.ceil(Q / 20));
  const mentors = Math.max(4, Math.ceil(Q / 500));
  const conversations = M > 0 ? Math.max(1, Math.ceil(M / 100)) : 0;
  const run = Math.random().toString(36).slice(2, 10);
  const base = new Date().toISOString();
  const user = (n: SQL) => idOf(run, 'u', n);
  const student = (n: SQL) => user(sql`${mentors} + 1 + ((${n}) % ${students})`);
  const mentor = (n: SQL) => user(sql`1 + ((${n}) % ${mentors})`);
  const at = (secondsAgo: SQL) => sql`(${base}::timestamptz - (${secondsAgo}) * interval '1 second')`;

  // Members: the mentors first (1 … mentors), then the students; nobody can sign in as one.
  let phase = performance.now();
  await inBatches(
    db,
    students + mentors,
    50_000,
    jobs,
    (from, to) =>
      sql`
      insert into users (id, email, display_name, role, password_hash, locale, email_verified_at,
        mentor_verified_at, headline, created_at)
      select ${user(sql`n`)}, ${`scale-${run}-`}::text || n || '@scale.mentorme.example',
        ${pick(GIVEN, sql`n`)} || ' ' || ${pick(FAMILY, sql`n / ${GIVEN.length}`)},
        case when n <= ${mentors} then 'mentor' else 'student' end, '-',
        case when n % 5 = 0 then 'vi' else 'en' end, created,
        case when n <= ${mentors} then created end,
        case when n <= ${mentors} then 'Here to help with study, work and settling in' end, created
      from (select n, ${at(sql`${SPAN_SECONDS} + 86400 * (30 + random() * 60)`)} as created
        from generate_series(${from}::bigint, ${to}::bigint) as n) s`,
  );
  log(`members: ${rate(students + mentors, phase)}`);

  // Questions, oldest first as a real table fills, each with its share of the replies as its reply count.
  const categoryIds = new Map(
    (await db.execute<{ id: number; slug: string }>(sql`select id, slug from categories`)).rows.map((row) => [
      row.slug,
      row.id,
    ]),
  );
  const weighted: (number | null)[] = [];
  for (const slug of CATEGORY_SLUGS) {
    for (let k = 0; k < CATEGORY_SHARE[slug]; k += 1) weighted.push(categoryIds.get(slug) ?? null);
  }
  while (weighted.length < 100) weighted.push(null);
  const categoryArray = sql.raw(`array[${weighted.map((id) => id ?? 'null').join(', ')}]::int[]`);
  const stride = coprimeStride(Q);
  phase = performance.now();
  await inBatches(
    db,
    Q,
    QUESTIONS_PER_BATCH,
    jobs,
    (from, to) =>
      sql`
      insert into questions (id, author_id, category_id, title, content, tags, is_urgent, is_anonymous, upvotes,
        reply_count, created_at)
      select ${idOf(run, 'q', sql`i`)}, ${student(sql`i * 7919`)},
        (${categoryArray})[1 + floor(r1 * 100)::int],
        case when vi then ${pick(VI_TITLES, sql`i`)}
          else ${pick(ASKS, sql`i`)} || ' ' || ${pick(TOPICS, sql`i / 7`)} || ' ' || ${pick(PLACES, sql`i / 3`)} || '?' end,
        case when vi then ${pick(VI_DETAILS, sql`i`)} || ' ' || ${pick(VI_DETAILS, sql`i / 3`)}
          else ${pick(DETAILS, sql`i`)} || ' ' || ${pick(DETAILS, sql`i / 8`)} || ' ' || ${pick(DETAILS, sql`i / 64`)}
            || repeat(' ' || ${pick(DETAILS, sql`i / 5`)}, (i % 4)::int) end,
        array[${pick(TAGS, sql`i`)}, ${pick(TAGS, sql`i + 1 + (i / ${TAGS.length}) % ${TAGS.length - 1}`)}],
        r2 < 0.01, r2 > 0.85,
        -- Likes with a long tail: most questions a handful, a few hundreds or thousands.
        least(5000, floor(power(1 - r3, -0.8)) - 1)::int,
        ${shareOf(R, Q, sql`((i - 1)::bigint * ${stride}) % ${Q}`, replyCurve)},
        ${at(sql`${SPAN_SECONDS}::float8 * (1 - (i - r4) / ${Q}::float8)`)}
      from (select i, random() as r1, random() as r2, random() as r3, random() as r4, i % 10 = 0 as vi
        from generate_series(${from}::bigint, ${to}::bigint) as i) s`,
  );
  log(`questions: ${rate(Q, phase)}`);

  // Replies: Chloe's first (a few minutes after the question), then members', mentors' and the asker's follow-ups.
  phase = performance.now();
  await inBatches(
    db,
    Q,
    QUESTIONS_PER_BATCH,
    jobs,
    (from, to) =>
      sql`
      insert into replies (question_id, author_id, content, is_ai_reply, created_at)
      select q.id,
        case when k = 1 then null
          when (i + k) % 8 = 0 then q.author_id
          when (i + k) % 2 = 0 then ${mentor(sql`i * 31 + k`)}
          else ${student(sql`i * 131 + k * 17`)} end,
        case when k = 1 then ${pick(CHLOE, sql`i`)} else ${pick(ANSWERS, sql`i + k`)} end,
        k = 1,
        least(${base}::timestamptz, q.created_at + case when k = 1 then (60 + random() * 300) * interval '1 second'
          else power(random(), 2) * interval '14 days' end)
      from generate_series(${from}::bigint, ${to}::bigint) as i
      join questions q on q.id = ${idOf(run, 'q', sql`i`)}
      cross join lateral generate_series(1, q.reply_count) as k`,
  );
  log(`replies: ${rate(R, phase)}`);

  // Conversations between a student and a mentor, each with its share of the messages, numbered 1 … last_seq.
  if (conversations > 0) {
    const conversationStride = coprimeStride(conversations);
    phase = performance.now();
    await inBatches(
      db,
      conversations,
      50_000,
      jobs,
      (from, to) =>
        sql`
        with made as (
          insert into conversations (id, title, status, student_id, mentor_id, last_seq, created_at, updated_at,
            first_reply_at)
          select ${idOf(run, 'c', sql`c`)}, ${pick(TOPICS, sql`c`)}, case when c % 10 = 0 then 'closed' else 'active' end,
            ${student(sql`c * 104729`)}, ${mentor(sql`c`)}, seqs, started,
            least(${base}::timestamptz, started + seqs * interval '3 minutes'),
            -- The mentor writes the even messages: the second is their first reply.
            case when seqs >= 2 then least(${base}::timestamptz, started + 2 * interval '3 minutes') end
          from (select c, ${shareOf(M, conversations, sql`((c - 1)::bigint * ${conversationStride}) % ${conversations}`, messageCurve)} as seqs,
              ${at(sql`${SPAN_SECONDS}::float8 * (1 - (c - random()) / ${conversations}::float8)`)} as started
            from generate_series(${from}::bigint, ${to}::bigint) as c) s
          returning id, student_id, mentor_id, last_seq)
        insert into conversation_participants (conversation_id, user_id, last_read_seq)
        select id, student_id, last_seq from made
        union all select id, mentor_id, greatest(0, last_seq - 1) from made`,
    );
    log(`conversations: ${rate(conversations, phase)}`);

    phase = performance.now();
    const perBatch = Math.max(1, Math.floor(MESSAGES_PER_BATCH / Math.max(1, M / conversations)));
    await inBatches(
      db,
      conversations,
      perBatch,
      jobs,
      (from, to) =>
        sql`
        insert into messages (conversation_id, sender_id, content, seq, created_at)
        select v.id, case when s % 2 = 1 then v.student_id else v.mentor_id end,
          ${pick(CHATS, sql`s - 1`)}, s, least(${base}::timestamptz, v.created_at + s * interval '3 minutes')
        from generate_series(${from}::bigint, ${to}::bigint) as c
        join conversations v on v.id = ${idOf(run, 'c', sql`c`)}
        cross join lateral generate_series(1, v.last_seq) as s`,
    );
    log(`messages: ${rate(M, phase)}`);
  }

  // Fresh statistics for the planner, and the visibility map that lets counts read the indexes alone.
  phase = performance.now();
  for (const table of [
    'users',
    'questions',
    'replies',
    'conversations',
    'conversation_participants',
    'messages',
  ]) {
    await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  }
  log(`vacuum and analyze: ${((performance.now() - phase) / 1000).toFixed(1)} s`);

  return {
    ...sizes,
    users: students + mentors,
    mentors,
    conversations,
    seconds: (performance.now() - started) / 1000,
  };
}
