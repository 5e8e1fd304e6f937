import { sql } from 'drizzle-orm';
import {
  WAITING_LIMITS,
  WAITING_TIME_ZONE,
  type AdminWaiting,
  type WaitingQuestion,
  type WaitingTopic,
  type WaitingWeek,
} from '../../../shared/schemas/admin-waiting';
import type { Database } from '../../db/client';
import { HUMAN_ANSWER } from '../questions';

const HOUR_MS = 60 * 60 * 1000;

type Counted = {
  asked: number;
  answered: number;
  median_minutes: number | null;
  within: number;
  decided: number;
};

/**
 * A question asked less than 24 hours ago that no person has answered yet may still be answered in time: it counts
 * neither for nor against the share until it is answered or its 24 hours are over. One answered sooner counts at
 * once.
 */
const figures = (row: Counted) => ({
  asked: row.asked,
  answered: row.answered,
  medianMinutes: row.median_minutes,
  within24h: row.decided ? row.within / row.decided : null,
});

/**
 * How long people wait for a person's answer, as of `now` (the module's clock): every time is compared with it, not
 * with the database's, so a test can fix it; replies written after it are not yet there.
 */
export async function adminWaiting(db: Database, now: Date): Promise<AdminWaiting> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const from = new Date(now.getTime() - WAITING_LIMITS.days * 24 * HOUR_MS).toISOString();
  const dayAgo = new Date(now.getTime() - WAITING_LIMITS.withinHours * HOUR_MS).toISOString();
  const period = sql`timed as (
    select q.id, q.title, q.is_urgent, q.created_at, q.language, c.slug as topic,
      date_trunc('week', q.created_at at time zone ${WAITING_TIME_ZONE}) as week,
      first.at as answered_at,
      (extract(epoch from first.at - q.created_at) / 60)::float8 as minutes
    from questions q
    left join categories c on c.id = q.category_id
    left join lateral (
      select min(r.created_at) as at from replies r where ${HUMAN_ANSWER} and r.created_at <= ${at}) first on true
    where q.created_at > ${from}::timestamptz and q.created_at <= ${at})`;
  // Counts `id`, not rows: a week without questions is a row of nulls.
  const counted = sql`count(id)::int as asked,
    count(answered_at)::int as answered,
    percentile_cont(0.5) within group (order by minutes) as median_minutes,
    count(id) filter (where minutes <= ${WAITING_LIMITS.withinHours * 60})::int as within,
    count(id) filter (where answered_at is not null or created_at <= ${dayAgo}::timestamptz)::int as decided`;
  const thisWeek = sql`date_trunc('week', ${at} at time zone ${WAITING_TIME_ZONE})`;

  const [groups, longest, weeks] = await Promise.all([
    db.execute<
      Counted & { topic: WaitingTopic['topic']; language: WaitingTopic['language']; total: number }
    >(sql`
      with ${period}
      select topic, language, grouping(topic, language) as total, ${counted}
      from timed
      group by grouping sets ((topic, language), ())
      order by total desc, asked desc, topic nulls last, language`),
    db.execute<{
      id: string;
      title: string;
      topic: WaitingQuestion['topic'];
      language: WaitingQuestion['language'];
      is_urgent: boolean;
      created_at: Date | string;
    }>(sql`
      with ${period}
      select id, title, topic, language, is_urgent, created_at from timed
      where answered_at is null
      order by created_at, id
      limit ${WAITING_LIMITS.longest}`),
    db.execute<Counted & { week_start: string }>(sql`
      with ${period}, weeks as (
        select generate_series(${thisWeek} - make_interval(weeks => ${WAITING_LIMITS.weeks - 1}), ${thisWeek},
          interval '1 week') as week)
      select to_char(weeks.week, 'YYYY-MM-DD') as week_start, ${counted}
      from weeks left join timed on timed.week = weeks.week
      group by weeks.week
      order by weeks.week`),
  ]);

  const [overall, ...topics] = groups.rows;
  return {
    overall: figures(overall!),
    topics: topics.map((row) => ({ topic: row.topic, language: row.language, ...figures(row) })),
    longest: longest.rows.map((row) => ({
      id: row.id,
      title: row.title,
      topic: row.topic,
      language: row.language,
      isUrgent: row.is_urgent,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    weeks: weeks.rows.map((row): WaitingWeek => ({ weekStart: row.week_start, ...figures(row) })),
    generatedAt: now.toISOString(),
  };
}
