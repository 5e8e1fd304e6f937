import { and, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import type { NotificationType, UnsubscribeScope } from '../../../shared/schemas/notifications';
import type { Database, Transaction } from '../../db/client';
import { notificationPreferences, notifications, users } from '../../db/schema';
import { PolledWorker } from '../../lib/polled-worker';
import type { Outbox, NewsItem, NoticeMailKind } from '../mail';
import { newsItem, REPLY_FACTS, REPLY_TYPES, type NewsRow } from './news';
import { preferencesOf } from './preferences';
import { unsubscribeLinks, unsubscribeSecret, unsubscribeToken } from './unsubscribe';

export type MailerOptions = {
  /** How often to look for notifications whose email is due. */
  pollMs: number;
  /** The time rows are due by; tests move it. */
  clock: () => Date;
};

const DEFAULTS: MailerOptions = { pollMs: 5_000, clock: () => new Date() };
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

type PendingRow = NewsRow & {
  id: string;
  created_at: Date;
  read_at: Date | null;
  email_due_at: Date;
};

type Person = { id: string; email: string; locale: Locale; name: string; mailable: boolean };

/** One email's worth of rows: the replies to one question, or one other notification. */
type Group = { rows: PendingRow[]; type: NotificationType; questionId: string | null };

/**
 * Turns due notifications into emails in the outbox. Each run takes one person whose email is due: under a
 * transaction-scoped advisory lock (so no two instances work on one person at once) it claims their pending rows
 * (`for update skip locked`), decides, writes the outbox rows and marks the notifications, in one transaction: a
 * notification is emailed once however many instances run. A row that gets no email (the type is off, it was read,
 * the address is not confirmed) is marked emailed with no due time, so it counts as skipped, not as sent.
 */
export class NotificationMailer extends PolledWorker {
  private readonly options: MailerOptions;

  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly linkBase: string,
    options: Partial<MailerOptions> = {},
    log: (message: string, error?: unknown) => void = () => undefined,
  ) {
    super(
      () => this.options.pollMs,
      (error) => log('The notification emailer failed', error),
    );
    this.options = { ...DEFAULTS, ...options };
  }

  /** Handles one person's due notifications. Returns whether it changed any. */
  async runOnce(): Promise<boolean> {
    const now = this.options.clock();
    const secret = await unsubscribeSecret(this.db);
    const result = await this.db.transaction(async (tx) => {
      const claimed = await tx.execute<{ user_id: string }>(sql`
        select user_id from (
          select user_id, min(email_due_at) as due from notifications
          where emailed_at is null and email_due_at <= ${now}
          group by user_id order by due limit 20) candidates
        where pg_try_advisory_xact_lock(hashtext('notification-mail:' || user_id::text))
        limit 1`);
      const userId = claimed.rows[0]?.user_id;
      return userId ? new PersonRun(tx, this.outbox, this.linkBase, secret, now).mail(userId) : undefined;
    });
    if (result?.wrote) this.outbox.queued();
    return (result?.changed ?? 0) > 0;
  }
}

/** One person's notifications in one transaction. */
class PersonRun {
  private changed = 0;
  private wrote = 0;

  constructor(
    private readonly tx: Transaction,
    private readonly outbox: Outbox,
    private readonly linkBase: string,
    private readonly secret: string,
    private readonly now: Date,
  ) {}

  async mail(userId: string): Promise<{ changed: number; wrote: number }> {
    const { rows } = await this.tx.execute<PendingRow>(sql`
      select n.id, n.type, n.event_key, n.question_id, n.reply_id, n.conversation_id, n.detail, n.count, n.created_at,
        n.read_at, n.email_due_at, q.title as question_title, c.title as conversation_title, ${REPLY_FACTS.columns}
      from notifications n
      left join questions q on q.id = n.question_id
      left join conversations c on c.id = n.conversation_id
      ${REPLY_FACTS.joins}
      where n.user_id = ${userId} and n.emailed_at is null and n.email_due_at is not null
      order by n.created_at, n.id
      for update of n skip locked`);
    const pending = rows.map((row) => ({
      ...row,
      created_at: new Date(row.created_at),
      read_at: row.read_at && new Date(row.read_at),
      email_due_at: new Date(row.email_due_at),
    }));
    const isDue = (row: PendingRow) => row.email_due_at.getTime() <= this.now.getTime();
    if (!pending.some(isDue)) return { changed: 0, wrote: 0 };

    const person = await this.person(userId);
    const preferences = (await preferencesOf(this.tx, [userId])).get(userId)!;
    // Only unread news of a type the person wants by email, to a confirmed address that is not a demo's.
    const wanted = (row: PendingRow) =>
      person.mailable && preferences.types[row.type].email && row.read_at === null;
    await this.skip(pending.filter((row) => isDue(row) && !wanted(row)));
    const eligible = pending.filter(wanted);
    const due = eligible.filter(isDue);
    // A topic's new questions can be many a day: their emails go only in the daily digest, even for a person who
    // has everything else emailed as it comes, so following a busy topic never floods an inbox.
    const daily = preferences.emailDigest ? due : due.filter((row) => row.type === 'topic_question');
    const single = due.filter((row) => !daily.includes(row));
    if (daily.length > 0) await this.digest(person, daily);
    if (single.length > 0) await this.single(person, groups(single), eligible);
    return { changed: this.changed, wrote: this.wrote };
  }

  private async person(userId: string): Promise<Person> {
    const [user] = await this.tx
      .select({
        email: users.email,
        locale: users.locale,
        name: users.displayName,
        verifiedAt: users.emailVerifiedAt,
        isDemo: users.isDemo,
      })
      .from(users)
      .where(eq(users.id, userId));
    return {
      id: userId,
      email: user!.email,
      locale: user!.locale,
      name: user!.name,
      mailable: this.outbox.enabled && user!.verifiedAt !== null && !user!.isDemo,
    };
  }

  /**
   * One email per group, except that the replies to a question are emailed at most once an hour: when the last
   * email about it went less than an hour ago, they wait until the hour is up and then go together, with any that
   * came meanwhile.
   */
  private async single(person: Person, due: Group[], eligible: PendingRow[]): Promise<void> {
    const questionIds = due.flatMap((group) => (group.questionId ? [group.questionId] : []));
    const lastSent = await this.lastReplyEmails(person.id, questionIds);
    for (const group of due) {
      let rows = group.rows;
      if (group.questionId) {
        const sameQuestion = eligible.filter(
          (row) => row.question_id === group.questionId && row.type === group.type,
        );
        const last = lastSent.get(group.questionId);
        if (last && this.now.getTime() - last.getTime() < HOUR_MS) {
          await this.defer(sameQuestion, new Date(last.getTime() + HOUR_MS));
          continue;
        }
        rows = sameQuestion;
      }
      await this.write(person, 'notification', group.type, [newsItem(rows, person.locale, this.linkBase)]);
      await this.markEmailed(rows);
    }
  }

  /**
   * The daily digest: everything due goes in one email once a day has passed since the last digest (or, before the
   * first, since the oldest news in it); until then the rows wait for that time.
   */
  private async digest(person: Person, due: PendingRow[]): Promise<void> {
    const [stored] = await this.tx
      .select({ sentAt: notificationPreferences.digestSentAt })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, person.id));
    const since = stored?.sentAt ?? due[0]!.created_at;
    const at = new Date(since.getTime() + DAY_MS);
    if (this.now.getTime() < at.getTime()) return this.defer(due, at);
    const items = groups(due).map((group) => newsItem(group.rows, person.locale, this.linkBase));
    await this.write(person, 'digest', 'all', items);
    await this.markEmailed(due);
    await this.tx
      .update(notificationPreferences)
      .set({ digestSentAt: this.now })
      .where(eq(notificationPreferences.userId, person.id));
  }

  /**
   * When the last email about each question's people's replies went (rows skipped have no due time: they never
   * went). Chloe's one answer, which comes seconds after the question, holds back no person's reply.
   */
  private async lastReplyEmails(userId: string, questionIds: string[]): Promise<Map<string, Date>> {
    if (questionIds.length === 0) return new Map();
    const rows = await this.tx
      .select({ questionId: notifications.questionId, last: max(notifications.emailedAt) })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          inArray(notifications.questionId, questionIds),
          inArray(notifications.type, [...REPLY_TYPES]),
          isNotNull(notifications.emailedAt),
          isNotNull(notifications.emailDueAt),
          sql`not exists (select 1 from replies r where r.id = ${notifications.replyId} and r.is_ai_reply)`,
        ),
      )
      .groupBy(notifications.questionId);
    return new Map(rows.flatMap((row) => (row.questionId && row.last ? [[row.questionId, row.last]] : [])));
  }

  private async write(
    person: Person,
    kind: NoticeMailKind,
    scope: UnsubscribeScope,
    items: NewsItem[],
  ): Promise<void> {
    const links = unsubscribeLinks(this.linkBase, unsubscribeToken(this.secret, person.id, scope));
    await this.outbox.add(this.tx, {
      kind,
      to: person.email,
      locale: person.locale,
      values: {
        name: person.name,
        items,
        unsubscribeLink: links.page,
        settingsLink: `${this.linkBase}/profile`,
        homeLink: `${this.linkBase}/`,
      },
      // RFC 8058: a mail program may offer "unsubscribe" and POST to the first address itself.
      headers: {
        'List-Unsubscribe': `<${links.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    this.wrote += 1;
  }

  private async markEmailed(rows: PendingRow[]): Promise<void> {
    await this.update(rows, { emailedAt: this.now });
  }

  private async skip(rows: PendingRow[]): Promise<void> {
    await this.update(rows, { emailedAt: this.now, emailDueAt: null });
  }

  private async defer(rows: PendingRow[], until: Date): Promise<void> {
    await this.update(rows, { emailDueAt: until });
  }

  private async update(
    rows: PendingRow[],
    set: Partial<Pick<typeof notifications.$inferInsert, 'emailedAt' | 'emailDueAt'>>,
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.tx
      .update(notifications)
      .set(set)
      .where(
        inArray(
          notifications.id,
          rows.map((row) => row.id),
        ),
      );
    this.changed += rows.length;
  }
}

/** The replies to one question make one group (one email, or one line of a digest); any other row is its own. */
function groups(rows: PendingRow[]): Group[] {
  const byKey = new Map<string, Group>();
  for (const row of rows) {
    const gathered = REPLY_TYPES.includes(row.type) && row.question_id !== null;
    const key = gathered ? `${row.type}:${row.question_id}` : row.id;
    const group = byKey.get(key) ?? {
      rows: [],
      type: row.type,
      questionId: gathered ? row.question_id : null,
    };
    group.rows.push(row);
    byKey.set(key, group);
  }
  return [...byKey.values()];
}
