import { sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import { translate, type MessageKey } from '../../../shared/i18n';
import { WAITING_EMAIL_MAX } from '../../../shared/schemas/mentoring';
import type { Database, Transaction } from '../../db/client';
import type { NewsItem, Outbox } from '../mail';
import { UNANSWERED } from './question-shape';
import { matchesReader } from './waiting';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

type Mentor = {
  id: string;
  email: string;
  locale: Locale;
  display_name: string;
  topics: string[];
  languages: string[];
};

/** How long a question has waited, in the mentor's language: under an hour, hours, then days. */
export function waitedFor(ms: number, locale: Locale): string {
  const t = (key: string, count?: number) =>
    translate(locale, `waiting.email.${key}` as MessageKey, count === undefined ? {} : { count });
  if (ms < HOUR_MS) return t('minutes');
  if (ms < DAY_MS) return t('hours', Math.floor(ms / HOUR_MS));
  return t('days', Math.floor(ms / DAY_MS));
}

/**
 * The mentors whose waiting email is due at `now`: they asked for it, are verified, have a confirmed address that is
 * not a demo's, and had none in the last day.
 */
async function dueMentors(db: Database, now: Date): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select u.id from notification_preferences p join users u on u.id = p.user_id
    where p.waiting_email and u.role = 'mentor' and u.mentor_verified_at is not null
      and u.email_verified_at is not null and not u.is_demo
      and (p.waiting_sent_at is null or p.waiting_sent_at <= ${new Date(now.getTime() - DAY_MS)})`);
  return rows.rows.map((row) => row.id);
}

/**
 * One mentor's email, in one transaction under their preferences row's lock (so two leaders in a hand-over send it
 * once): written to the outbox with the time it went, or nothing when no question waits in their topics and
 * languages (they are looked at again on the next run). Returns whether it wrote one.
 */
async function mailOne(tx: Transaction, outbox: Outbox, linkBase: string, userId: string, now: Date) {
  const locked = await tx.execute<Mentor>(sql`
    select u.id, u.email, u.locale, u.display_name, u.topics, u.languages
    from notification_preferences p join users u on u.id = p.user_id
    where p.user_id = ${userId} and p.waiting_email
      and (p.waiting_sent_at is null or p.waiting_sent_at <= ${new Date(now.getTime() - DAY_MS)})
    for update of p skip locked`);
  const mentor = locked.rows[0];
  if (!mentor) return false;
  const waiting = await tx.execute<{ id: string; title: string; created_at: Date | string }>(sql`
    select q.id, q.title, q.created_at from questions q left join categories c on c.id = q.category_id
    where ${UNANSWERED} and q.author_id <> ${mentor.id} and ${matchesReader(mentor)}
    order by not q.is_urgent, q.created_at, q.id
    limit ${WAITING_EMAIL_MAX}`);
  if (waiting.rows.length === 0) return false;
  const items: NewsItem[] = waiting.rows.map((row) => ({
    text: translate(mentor.locale, 'waiting.email.item', {
      title: row.title,
      waited: waitedFor(now.getTime() - new Date(row.created_at).getTime(), mentor.locale),
    }),
    link: `${linkBase}/questions/${row.id}`,
    action: '',
  }));
  await outbox.add(tx, {
    kind: 'digest',
    to: mentor.email,
    locale: mentor.locale,
    values: {
      name: mentor.display_name,
      items,
      unsubscribeLink: `${linkBase}/profile`,
      settingsLink: `${linkBase}/profile`,
      homeLink: `${linkBase}/mentor`,
      waiting: true,
    },
    headers: {},
  });
  await tx.execute(
    sql`update notification_preferences set waiting_sent_at = ${now} where user_id = ${mentor.id}`,
  );
  return true;
}

/**
 * The daily waiting emails due at `now` (a leader task runs it; tests call it with their clock). Off while email
 * is (MAIL_DISABLED=true): nothing is marked sent that was not.
 */
export async function sendWaitingEmails(
  db: Database,
  outbox: Outbox,
  linkBase: string,
  now: Date,
): Promise<number> {
  if (!outbox.enabled) return 0;
  let sent = 0;
  for (const userId of await dueMentors(db, now)) {
    if (await db.transaction((tx) => mailOne(tx, outbox, linkBase, userId, now))) sent += 1;
  }
  if (sent > 0) outbox.queued();
  return sent;
}
