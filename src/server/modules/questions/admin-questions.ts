import { sql, type SQL } from 'drizzle-orm';
import type { Locale, Role } from '../../../shared/constants';
import { categoryTexts } from '../../../shared/categories';
import {
  ADMIN_LIMITS,
  type AdminQuestionsResponse,
  type adminQuestionsQuerySchema,
} from '../../../shared/schemas/admin';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { HUMAN_ANSWER, questionSearch, UNANSWERED } from './question-shape';
import { afterTime, exactTime, keysetPage } from '../../db/keyset';
import { iso } from '../../lib/text';

type Query = z.output<typeof adminQuestionsQuerySchema>;

const HUMAN_REPLIES = sql`(select count(*) from replies r where ${HUMAN_ANSWER})::int`;
/** The question each open report is about: its own, or its reply's. Open reports are few; questions are many. */
const REPORTED_QUESTION_IDS = sql`(select coalesce(p.question_id, pr.question_id) from reports p
  left join replies pr on pr.id = p.reply_id where p.status = 'open')`;
const OPEN_REPORTS = sql`(select count(*) from reports p left join replies pr on pr.id = p.reply_id
  where p.status = 'open' and (p.question_id = q.id or pr.question_id = q.id))::int`;

type Row = {
  id: string;
  title: string;
  is_urgent: boolean;
  is_anonymous: boolean;
  upvotes: number;
  reply_count: number;
  created_at: Date | string;
  author_id: string;
  display_name: string;
  role: Role;
  category_slug: string | null;
  human_replies: number;
  open_reports: number;
  /** created_at to the microsecond, for the cursor. */
  created_at_exact: string;
};

/**
 * Every question, newest first, with what a moderator needs: who asked (anonymous or not), replies and reports. A
 * page starts after the cursor's question; `total` counts every question the filters match.
 */
export async function listAdminQuestions(
  db: Database,
  query: Query,
  locale: Locale,
): Promise<AdminQuestionsResponse> {
  const filters: SQL[] = [sql`true`];
  if (query.q) filters.push(questionSearch(query.q));
  if (query.category) filters.push(sql`c.slug = ${query.category}`);
  if (query.filter === 'urgent') filters.push(sql`q.is_urgent`);
  if (query.filter === 'reported') filters.push(sql`q.id in ${REPORTED_QUESTION_IDS}`);
  if (query.filter === 'unanswered') filters.push(UNANSWERED);
  if (query.filter === 'urgent-unanswered') filters.push(sql`q.is_urgent and ${UNANSWERED}`);
  const matching = sql.join(filters, sql` and `);
  const after = query.cursor ? afterTime(sql`q.created_at`, sql`q.id`, query.cursor) : sql`true`;
  const pageSize = ADMIN_LIMITS.pageSize;
  // The page first, then what each of its 25 questions needs: the counts are read for them only.
  const [result, total] = await Promise.all([
    db.execute<Row>(sql`
      with page as (
        select q.id
        from questions q left join categories c on c.id = q.category_id
        where ${matching} and ${after}
        order by q.created_at desc, q.id desc
        limit ${pageSize + 1})
      select q.id, q.title, q.is_urgent, q.is_anonymous, q.upvotes, q.reply_count, q.created_at,
        ${exactTime(sql`q.created_at`)} as created_at_exact,
        q.author_id, u.display_name, u.role, c.slug as category_slug,
        ${HUMAN_REPLIES} as human_replies, ${OPEN_REPORTS} as open_reports
      from page
      join questions q on q.id = page.id
      join users u on u.id = q.author_id
      left join categories c on c.id = q.category_id
      order by q.created_at desc, q.id desc`),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from questions q left join categories c on c.id = q.category_id
      where ${matching}`),
  ]);
  const { page, nextCursor } = keysetPage(result.rows, pageSize, (last) => ({
    createdAt: last.created_at_exact,
    id: last.id,
  }));
  return {
    questions: page.map((row) => ({
      id: row.id,
      title: row.title,
      category: (row.category_slug && categoryTexts(row.category_slug, locale)?.name) ?? null,
      categorySlug: row.category_slug,
      isUrgent: row.is_urgent,
      isAnonymous: row.is_anonymous,
      author: { id: row.author_id, displayName: row.display_name, role: row.role },
      createdAt: iso(row.created_at),
      upvotes: row.upvotes,
      replyCount: row.reply_count,
      humanReplyCount: row.human_replies,
      openReports: row.open_reports,
    })),
    nextCursor,
    total: total.rows[0]?.n ?? 0,
  };
}
