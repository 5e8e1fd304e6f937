import { eq, sql, type SQL } from 'drizzle-orm';
import {
  MENTOR_LIMITS,
  type LastActive,
  type Mentor,
  type MentorAvailability,
  type MentorCursor,
  type MentorDetail,
  type MentorProfile,
  type MentorProfileUpdate,
  type MentorsQuery,
  type MentorsResponse,
} from '../../../shared/schemas/mentors';
import { encodeCursor } from '../../../shared/cursor';
import { excerpt } from '../../../shared/text';
import type { Locale } from '../../../shared/constants';
import type { ProfileText, ProfileTranslations } from '../../../shared/schemas/content';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { errors } from '../../errors';
import { iso } from '../../lib/text';
import type { SessionUser } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { AUSTRALIAN_TODAY, LAST_ACTIVE, REPLY_TIME, REPLY_TIME_JOIN } from './activity';

/** Users (alias `u`) who are verified mentors: the only ones anyone is shown as mentors. */
export const VERIFIED_MENTOR = sql`u.role = 'mentor' and u.mentor_verified_at is not null`;

/** Open conversations of mentor `u`. */
const OPEN_CONVERSATIONS = sql`(select count(*)::int from conversations c where c.mentor_id = u.id and c.status = 'active')`;

/** Whether mentor `u` takes new conversations: 'away' (until a day to come), 'full' (at capacity) or 'open'. */
export const AVAILABILITY = sql<MentorAvailability>`case
  when u.away_until is not null and u.away_until >= ${AUSTRALIAN_TODAY} then 'away'
  when ${OPEN_CONVERSATIONS} >= u.capacity then 'full'
  else 'open' end`;

type MentorRow = {
  id: string;
  display_name: string;
  headline: string | null;
  expertise: string[];
  topics: string[];
  languages: string[];
  state: string | null;
  city: string | null;
  answer_count: number;
  helpful_count: number;
  availability: MentorAvailability;
  away_until: string | null;
  reply_time: number | null;
  last_active: LastActive | null;
  is_demo: boolean;
  translations: ProfileTranslations | null;
};

const SELECT_MENTOR = sql`
  select u.id, u.display_name, u.is_demo, u.profile_translations as translations, u.headline, u.expertise, u.topics, u.languages, u.state, u.city,
    (select count(distinct r.question_id)::int from replies r join questions q on q.id = r.question_id
      where r.author_id = u.id and q.author_id <> u.id) as answer_count,
    (select count(*)::int from replies r where r.author_id = u.id and r.helpful_at is not null) as helpful_count,
    ${AVAILABILITY} as availability,
    case when u.away_until >= ${AUSTRALIAN_TODAY} then to_char(u.away_until, 'YYYY-MM-DD') end as away_until,
    ${REPLY_TIME} as reply_time, ${LAST_ACTIVE} as last_active
  from users u ${REPLY_TIME_JOIN}`;

/** A profile reads in the reader's language where it has been translated (demo and founding profiles), else as written. */
const translated = (row: MentorRow, locale: Locale): Partial<ProfileText> => row.translations?.[locale] ?? {};

function toMentor(row: MentorRow, locale: Locale): Mentor {
  const text = translated(row, locale);
  return {
    id: row.id,
    displayName: row.display_name,
    headline: text.headline ?? row.headline,
    expertise: text.expertise ?? row.expertise,
    topics: row.topics,
    languages: row.languages,
    state: row.state,
    city: row.city,
    answerCount: row.answer_count,
    helpfulCount: row.helpful_count,
    availability: row.availability,
    awayUntil: row.away_until,
    replyTime: row.reply_time,
    lastActive: row.last_active,
    isDemo: row.is_demo,
  };
}

/** `%…%` for ILIKE, with the pattern's own characters taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Verified mentors matching the filters, those taking new conversations first, then by name; a student never sees a
 * mentor they blocked. Never an email or anything private.
 */
export async function listMentors(
  db: Database,
  viewer: SessionUser | null,
  locale: Locale,
  query: MentorsQuery,
): Promise<MentorsResponse> {
  const where: SQL[] = [VERIFIED_MENTOR];
  if (query.topic) where.push(sql`${query.topic} = any(u.topics)`);
  if (query.language) where.push(sql`${query.language} = any(u.languages)`);
  if (query.state) where.push(sql`u.state = ${query.state}`);
  if (query.similarTo)
    where.push(
      sql`u.id <> ${query.similarTo} and ${AVAILABILITY} = 'open'
        and u.topics && (select s.topics from users s where s.id = ${query.similarTo})
        and ${viewer?.locale ?? locale} = any(u.languages)`,
    );
  if (query.q) {
    const pattern = contains(query.q);
    where.push(sql`(u.display_name ilike ${pattern} or u.headline ilike ${pattern} or u.story ilike ${pattern}
      or u.city ilike ${pattern} or array_to_string(u.expertise, ' ') ilike ${pattern})`);
  }
  if (viewer?.role === 'student')
    where.push(
      sql`not exists (select 1 from blocks b where b.blocker_id = ${viewer.id} and b.blocked_id = u.id)`,
    );
  const filter = sql.join(where, sql` and `);
  const take = MENTOR_LIMITS.pageSize;
  // Keyset: the row after the cursor in the same order, so a mentor joining or leaving between pages moves nobody.
  const after = query.cursor
    ? sql`where (m.away, m.sort_name, m.id) > (${query.cursor.away}, ${query.cursor.name}, ${query.cursor.id}::uuid)`
    : sql``;
  // The page is chosen on what orders it; the answers, reply time and activity are worked out for its mentors only
  // (for every mentor, they made the list the slowest page under load: decision 055).
  const [page, total] = await Promise.all([
    db.execute<MentorRow & { away: boolean; sort_name: string }>(sql`select s.*, m.away, m.sort_name from (
        select * from (
          select u.id, ${AVAILABILITY} <> 'open' as away, lower(u.display_name) as sort_name
          from users u where ${filter}) m
        ${after}
        order by m.away, m.sort_name, m.id
        limit ${take + 1}) m
      join lateral (${SELECT_MENTOR} where u.id = m.id) s on true
      order by m.away, m.sort_name, m.id`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${filter}`),
  ]);
  const rows = page.rows;
  return {
    mentors: rows.slice(0, take).map((row) => toMentor(row, locale)),
    nextCursor: rows.length > take ? cursorAfter(rows[take - 1]!) : null,
    total: total.rows[0]?.n ?? 0,
  };
}

/** Where the next page starts: after this mentor. */
function cursorAfter(row: { away: boolean; sort_name: string; id: string }): string {
  const cursor: MentorCursor = { away: row.away, name: row.sort_name, id: row.id };
  return encodeCursor(cursor);
}

type AnswerRow = {
  id: string;
  question_id: string;
  question_title: string;
  content: string;
  created_at: Date | string;
  helpful: boolean;
};

/** A verified mentor's page: their profile and newest public answers (which never name who asked). */
export async function getMentor(db: Database, id: string, locale: Locale): Promise<MentorDetail> {
  const result = await db.execute<MentorRow & { story: string | null; country_path: string | null }>(
    sql`select m.*, u.story, u.country_path from (${SELECT_MENTOR} where u.id = ${id} and ${VERIFIED_MENTOR}) m
      join users u on u.id = m.id`,
  );
  const row = result.rows[0];
  if (!row) throw errors.notFound();
  const answers = await db.execute<AnswerRow>(sql`
    select r.id, r.question_id, q.title as question_title, r.content, r.created_at, r.helpful_at is not null as helpful
    from replies r join questions q on q.id = r.question_id
    where r.author_id = ${id} and q.author_id <> ${id}
    order by r.created_at desc limit ${MENTOR_LIMITS.recentAnswers}`);
  const text = translated(row, locale);
  return {
    ...toMentor(row, locale),
    story: text.story ?? row.story,
    countryPath: text.countryPath ?? row.country_path,
    recentAnswers: answers.rows.map((answer) => ({
      id: answer.id,
      questionId: answer.question_id,
      questionTitle: answer.question_title,
      content: excerpt(answer.content, 300),
      createdAt: iso(answer.created_at),
      helpful: answer.helpful,
    })),
  };
}

export function toMentorProfile(user: SessionUser): MentorProfile {
  return {
    headline: user.headline,
    story: user.story,
    topics: user.topics,
    languages: user.languages,
    countryPath: user.countryPath,
    state: user.state,
    city: user.city,
    awayUntil: user.awayUntil,
    capacity: user.capacity,
    showsLastActive: user.showsLastActive,
    complete: !!user.headline,
  };
}

const PROFILE_FIELDS = [
  'headline',
  'story',
  'topics',
  'languages',
  'countryPath',
  'state',
  'city',
  'awayUntil',
  'capacity',
  'showsLastActive',
] as const;

/**
 * A mentor edits their profile. A verified mentor's changes go live at once and are written to the audit log (which
 * fields changed), so an admin can see what a mentor students trust now says.
 */
export async function updateMentorProfile(
  db: Database,
  mentor: SessionUser,
  changes: MentorProfileUpdate,
): Promise<MentorProfile> {
  if (mentor.role !== 'mentor') throw errors.mentorsOnly();
  const changed = PROFILE_FIELDS.filter(
    (field) =>
      field in changes && JSON.stringify(changes[field] ?? null) !== JSON.stringify(mentor[field] ?? null),
  );
  if (changed.length === 0) return toMentorProfile(mentor);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set(Object.fromEntries(changed.map((field) => [field, changes[field] ?? null])))
      .where(eq(users.id, mentor.id))
      .returning();
    if (!updated) throw errors.notFound();
    if (updated.mentorVerifiedAt)
      await recordAudit(tx, mentor, {
        action: 'mentor.profile',
        targetType: 'user',
        targetId: mentor.id,
        targetLabel: mentor.email,
        detail: changed.join(', '),
      });
    return toMentorProfile(updated);
  });
}
