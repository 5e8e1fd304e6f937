import { sql } from 'drizzle-orm';
import { ADMIN_LIMITS, type AdminStats } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { reviewCutoff } from '../directory';
import { UNANSWERED } from '../questions';

/**
 * The dashboard's figures, counted when asked (each count is over an indexed column, and only admins ask), so they
 * are never older than the request.
 */
export async function adminStats(db: Database): Promise<AdminStats> {
  const cutoff = reviewCutoff();
  const result = await db.execute<Omit<AdminStats, 'generatedAt'> & { generated_at: Date | string }>(sql`
    select
      (select count(*) from questions)::int as "totalQuestions",
      (select count(*) from users
        where last_seen_at > now() - make_interval(days => ${ADMIN_LIMITS.activeDays}))::int as "activeUsers",
      (select count(*) from users where role = 'mentor')::int as "totalMentors",
      (select count(distinct (target_type, target_id)) from reports where status = 'open')::int as "pendingReports",
      (select count(*) from questions q where ${UNANSWERED})::int as "unansweredQuestions",
      (select count(*) from questions q where q.is_urgent and ${UNANSWERED})::int as "urgentWithoutHumanReply",
      (select count(*) from users where role = 'mentor' and mentor_verified_at is null)::int as "mentorsToVerify",
      (select count(*) from chloe_reply_jobs where status = 'failed')::int as "failedAiJobs",
      (select count(*) from mail_outbox where status = 'failed')::int as "failedEmails",
      ((select count(*) from organisations
          where archived_at is null and data->>'lastReviewed' < ${cutoff})
        + (select count(*) from government_services
          where archived_at is null and data->>'lastUpdated' < ${cutoff}))::int as "directoryNeedsReview",
      (select count(distinct (entry_type, entry_id)) from directory_reports
        where status = 'open')::int as "outdatedReports",
      now() as generated_at`);
  const { generated_at, ...counts } = result.rows[0]!;
  return { ...counts, generatedAt: new Date(generated_at).toISOString() };
}
