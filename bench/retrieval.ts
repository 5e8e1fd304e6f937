/**
 * Chloe's retrieval (BENCH_ONLY=retrieval): retrieve() on 10,000 answered questions, one call at a time, its median
 * and 95th percentile, by words alone and fused with an embedding model (the test model, served in this process),
 * beside a bare PostgreSQL full-text query on the questions in the same run. The goal is a lexical p95 of 25 ms or
 * less.
 *
 * The database is BENCH_RETRIEVAL_DATABASE_URL, by default mentorme_retrieval on the server of DATABASE_URL: created,
 * migrated and given the content files as the app's start would, then filled up to 10,000 questions, each with one
 * reply by a person (a re-run adds none).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ensureDatabase } from '../src/server/cli/seed-scale-database';
import { pick } from '../src/server/cli/seed-scale-sql';
import * as w from '../src/server/cli/seed-scale-words';
import { withDatabase, type Database } from '../src/server/db/client';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connect';
import { embedderFor, syncEmbeddings } from '../src/server/modules/chloe/embeddings';
import { startEmbeddingsServer } from '../src/server/modules/chloe/embeddings.test-server';
import { retrieve, type Retrieved } from '../src/server/modules/chloe/retrieval';

const QUESTIONS = 10_000;
const PASSES = Number(process.env.BENCH_RETRIEVAL_PASSES ?? 5);
const GOAL_P95_MS = 25;

const MESSAGES = [
  'my boss cut my shifts',
  'how do I get my bond back after cleaning',
  'Tôi muốn xin mã số thuế',
  'lam the medicare nhu the nao',
  'tax file number',
  'TFN',
  'visa',
  'my landlord wont fix the heater and its winter in Melbourne',
  'how many hours can I work on a student visa',
  'I got paid $12 an hour cash, is that legal?',
  'where can I see a doctor for free near 2000',
  'overseas student health cover claim',
  'how do i open a bank acount in australia',
  'my flatmate moved out and left me with the rent',
  'I feel lonely and stressed before exams',
  'can I change my course without losing my visa',
  'superanuation when I leave australia',
  'what is the minimum wage for casual workers',
  'someone scammed me on facebook marketplace',
  'how to apply for a working holiday visa extension',
  'Làm sao để tìm nhà thuê gần trường đại học ở Sydney?',
  'Chủ nhà không trả lại tiền đặt cọc',
  'Tôi bị trả lương thấp hơn mức tối thiểu',
  'toi can gap bac si tam ly',
  'cach dong thue cho sinh vien quoc te',
  'Xin visa làm việc sau tốt nghiệp 485',
  'đăng ký bảo hiểm y tế OSHC',
  'học bổng cho du học sinh Việt Nam',
  'emergency',
  'help',
  'rent increase notice Brisbane QLD',
  'my employer is not paying my super',
  'Where do I get a Centrelink number as an international student in Perth?',
  'driver licence conversion Victoria',
  'lost my passport what do i do',
  'unfair dismisal after 3 weeks',
  'can my landlord enter without notice',
  'public transport concession card for students Adelaide',
  'I am an international student from Vietnam studying nursing in Sydney. My employer at a restaurant pays me in cash, ' +
    'below the award, and cut my shifts after I asked for a payslip. My rent is due next week and I also need to ' +
    'renew my health cover. What are my rights and who can I call for free help?',
  'Chào mọi người, mình mới sang Úc được hai tuần, đang ở Melbourne. Mình muốn hỏi cách mở tài khoản ngân hàng, ' +
    'xin mã số thuế và tìm việc làm thêm cuối tuần. Chủ nhà yêu cầu đặt cọc bốn tuần tiền nhà có đúng không ạ?',
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const summary = (took: number[]) =>
  `p50 ${percentile(took, 50).toFixed(1)} ms p95 ${percentile(took, 95).toFixed(1)} ms`;

/** An asker and a person who answers, then the answered questions missing up to 10,000, in one statement. */
async function seed(db: Database, log: (line: string) => void): Promise<number> {
  await db.execute(sql`
    insert into users (email, display_name, role, password_hash)
    select v.* from (values ('asker@retrieval.mentorme.example', 'Bench Asker', 'student', '-'),
      ('mentor@retrieval.mentorme.example', 'Bench Mentor', 'mentor', '-')) as v(email, name, role, hash)
    where not exists (select 1 from users u where u.email = v.email)`);
  const count = async () =>
    (
      await db.execute<{ n: number }>(sql`
        select count(*)::int as n from questions q
        where exists (select 1 from replies r where r.question_id = q.id and not r.is_ai_reply)`)
    ).rows[0]!.n;
  const missing = QUESTIONS - (await count());
  if (missing > 0) {
    const started = performance.now();
    await db.execute(sql`
      with cats as (select array_agg(id order by sort_order) as ids from categories),
      made as (
        insert into questions (author_id, category_id, title, content, tags, reply_count, created_at)
        select (select id from users where email = 'asker@retrieval.mentorme.example'),
          cats.ids[1 + (i % array_length(cats.ids, 1))],
          case when vi then ${pick(w.VI_TITLES, sql`i`)}
            else ${pick(w.ASKS, sql`i`)} || ' ' || ${pick(w.TOPICS, sql`i / 7`)} || ' ' || ${pick(w.PLACES, sql`i / 3`)} || '?' end,
          case when vi then ${pick(w.VI_DETAILS, sql`i`)} || ' ' || ${pick(w.VI_DETAILS, sql`i / 3`)}
            else ${pick(w.DETAILS, sql`i`)} || ' ' || ${pick(w.DETAILS, sql`i / 8`)} || ' ' || ${pick(w.DETAILS, sql`i / 64`)} end,
          array[${pick(w.TAGS, sql`i`)}, ${pick(w.TAGS, sql`i / ${w.TAGS.length} + 1`)}],
          1, now() - (i || ' minutes')::interval
        from cats, (select i, i % 10 = 0 as vi from generate_series(1, ${missing}) as i) s
        returning id, created_at)
      insert into replies (question_id, author_id, content, is_ai_reply, created_at)
      select made.id, (select id from users where email = 'mentor@retrieval.mentorme.example'),
        ${pick(w.ANSWERS, sql`abs(hashtext(made.id::text))`)}, false, made.created_at + interval '1 hour'
      from made`);
    for (const table of ['questions', 'replies']) await db.execute(sql.raw(`vacuum (analyze) ${table}`));
    log(
      `retrieval: added ${missing} answered questions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return count();
}

type Sample = { lexical: number[]; fused: number[]; bare: number[] };

export async function benchRetrieval(): Promise<string[]> {
  // The benchmark's own database, on the server of DATABASE_URL.
  const url =
    process.env.BENCH_RETRIEVAL_DATABASE_URL ??
    withDatabase(
      process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      'mentorme_retrieval',
    );
  await ensureDatabase(url);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DEMO_MODE: 'false',
    DATA_DIR: process.env.DATA_DIR ?? '.data/bench',
  });
  const database = await connectDatabase(config, () => undefined);
  const db = database.db;
  const server = await startEmbeddingsServer();
  try {
    const answered = await seed(db, (line) => console.log(line));
    const embedder = embedderFor({
      embedding: { baseUrl: server.url, apiKey: undefined, model: 'test-embed' },
    })!;
    let embedded = 0;
    for (let n = await syncEmbeddings(db, embedder); n > 0; n = await syncEmbeddings(db, embedder))
      embedded += n;
    const [figures] = (
      await db.execute<{ articles: number; services: number; vectors: number }>(sql`
        select (select count(*) from knowledge_articles)::int as articles,
          (select count(*) from government_services)::int as services,
          (select count(*) from embeddings where model = 'test-embed')::int as vectors`)
    ).rows;
    const bare = (message: string) =>
      db.$client.query(
        `select id from questions where search @@ websearch_to_tsquery('english', $1)
         order by ts_rank_cd(search, websearch_to_tsquery('english', $1)) desc limit 5`,
        [message],
      );
    const calls: [keyof Sample, (message: string) => Promise<unknown>][] = [
      ['lexical', (message) => retrieve(db, message)],
      ['fused', (message) => retrieve(db, message, { embedder })],
      ['bare', bare],
    ];
    const took: Sample = { lexical: [], fused: [], bare: [] };
    let found = 0;
    for (let pass = 0; pass <= PASSES; pass += 1) {
      for (const message of MESSAGES) {
        for (const [kind, call] of calls) {
          const started = performance.now();
          const result = await call(message);
          const ms = performance.now() - started;
          // Pass 0 warms up; its lexical answers are counted once, to show the retrieval finds something.
          if (pass > 0) took[kind].push(ms);
          else if (kind === 'lexical' && (result as Retrieved).questions.length) found += 1;
        }
      }
    }
    return [
      `retrieval on ${answered} answered questions, ${figures!.articles} articles, ${figures!.services} services, ` +
        `${figures!.vectors} embeddings (${embedded} made this run); ${MESSAGES.length} messages x ${PASSES} passes ` +
        `after one to warm up; ${found} of ${MESSAGES.length} messages found a community answer`,
      `retrieval: lexical ${summary(took.lexical)} (goal p95 <= ${GOAL_P95_MS} ms) | fused ${summary(took.fused)} | ` +
        `bare full-text ${summary(took.bare)}`,
    ];
  } finally {
    await server.close();
    await database.close();
  }
}
