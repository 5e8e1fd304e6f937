import { sql } from 'drizzle-orm';
import { LOCALES, type Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import { language } from '../../../shared/languages';
import { ADMIN_LIMITS } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { OFFICIAL_SERVICES } from '../government';
import { excerpt } from '../../../shared/text';
import { BADGE_ROLE } from '../../db/schema';
import { HUMAN_ANSWER, UNANSWERED } from '../questions';

const TOP = 5;
const ANSWER_CHARS = 280;
const DAY_MS = 24 * 60 * 60 * 1000;

type Engaged = {
  id: string;
  title: string;
  upvotes: number;
  reply_count: number;
  answer: string | null;
  answerer: string | null;
};
type Waiting = { id: string; title: string; is_urgent: boolean };
type Notice = { service_id: string; note: string };

export type NewsletterWeek = {
  engaged: Engaged[];
  unanswered: Waiting[];
  notices: Notice[];
  from: Date;
  to: Date;
};

/** The week before `now`: its most engaged questions, the ones no person has answered, and new service notices. */
export async function readWeek(db: Database, now: Date): Promise<NewsletterWeek> {
  const from = new Date(now.getTime() - ADMIN_LIMITS.newsletterDays * DAY_MS);
  const [engaged, unanswered, notices] = await Promise.all([
    db.execute<Engaged>(sql`
      select q.id, q.title, q.upvotes, q.reply_count, best.content as answer, best.display_name as answerer
      from questions q
      left join lateral (
        select r.content, u.display_name from replies r join users u on u.id = r.author_id
        where ${HUMAN_ANSWER}
        order by (${BADGE_ROLE} = 'mentor') desc, r.created_at, r.id limit 1) best on true
      where q.created_at > ${from.toISOString()} and q.created_at <= ${now.toISOString()}
      order by q.upvotes + q.reply_count desc, q.created_at desc, q.id
      limit ${TOP}`),
    db.execute<Waiting>(sql`
      select q.id, q.title, q.is_urgent from questions q
      where q.created_at > ${from.toISOString()} and q.created_at <= ${now.toISOString()}
        and ${UNANSWERED}
      order by q.is_urgent desc, q.created_at desc, q.id
      limit ${TOP}`),
    db.execute<Notice>(sql`
      select service_id, note from service_notices
      where updated_at > ${from.toISOString()} and updated_at <= ${now.toISOString()}
      order by updated_at desc`),
  ]);
  return { engaged: engaged.rows, unanswered: unanswered.rows, notices: notices.rows, from, to: now };
}

/** The first three lines of an answer, cut at a word. */
function firstLines(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join(' ');
  return excerpt(lines, ANSWER_CHARS);
}

function day(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(language(locale).intl, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Australia/Sydney',
  }).format(date);
}

function section(locale: Locale, week: NewsletterWeek, baseUrl: string): string {
  const t = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
    translate(locale, key, values);
  const link = (id: string) => `   ${t('admin.newsletter.read')} ${baseUrl}/questions/${id}`;
  const heading = (text: string) => `${text}\n${'-'.repeat(text.length)}`;
  const title = t('admin.newsletter.title', { from: day(week.from, locale), to: day(week.to, locale) });
  const lines = [
    title,
    '='.repeat(title.length),
    t('admin.newsletter.intro'),
    '',
    heading(t('admin.newsletter.engaged')),
  ];
  if (week.engaged.length === 0) lines.push(t('admin.newsletter.noEngaged'));
  week.engaged.forEach((q, i) => {
    lines.push(
      `${i + 1}. ${q.title}`,
      `   ${t('admin.newsletter.stats', { likes: q.upvotes, replies: q.reply_count })}`,
    );
    lines.push(
      q.answer
        ? `   ${t('admin.newsletter.bestAnswer', { name: q.answerer ?? '' })} ${firstLines(q.answer)}`
        : `   ${t('admin.newsletter.noAnswer')}`,
    );
    lines.push(link(q.id));
  });
  lines.push('', heading(t('admin.newsletter.unanswered')));
  if (week.unanswered.length === 0) lines.push(t('admin.newsletter.noUnanswered'));
  week.unanswered.forEach((q, i) =>
    lines.push(`${i + 1}. ${q.is_urgent ? 'SOS: ' : ''}${q.title}`, link(q.id)),
  );
  lines.push('', heading(t('admin.newsletter.notices')));
  if (week.notices.length === 0) lines.push(t('admin.newsletter.noNotices'));
  for (const notice of week.notices) {
    const service = OFFICIAL_SERVICES.find((s) => s.id === notice.service_id);
    lines.push(`- ${service?.name ?? notice.service_id}: ${notice.note}`);
    if (service) lines.push(`  ${service.url}`);
  }
  lines.push('', t('admin.newsletter.footer'));
  return lines.join('\n');
}

/** The weekly digest as plain text: the whole of it in English, then in Vietnamese. */
export function writeNewsletter(week: NewsletterWeek, baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${LOCALES.map((locale) => section(locale, week, base)).join('\n\n\n')}\n`;
}
