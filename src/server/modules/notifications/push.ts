import type { Agent } from 'node:https';
import { eq, inArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Locale } from '../../../shared/constants';
import { translate, type MessageKey } from '../../../shared/i18n';
import type { NotificationType } from '../../../shared/schemas/notifications';
import { excerpt } from '../../../shared/text';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';
import { PolledWorker } from '../../lib/polled-worker';
import { cachedSetting } from './app-settings';
import { target, titleOf, type NewsRow } from './news';
import { preferencesOf } from './preferences';
import { pushEndpoint } from './push-endpoint';

export type Vapid = { publicKey: string; privateKey: string; subject: string };

const storedVapidKeys = cachedSetting('vapid-keys', () => webpush.generateVAPIDKeys());

/**
 * The key pair push services know this site by: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or else a pair made at the
 * first start and kept in the database, so every instance signs with the same one and browsers' subscriptions
 * outlive restarts.
 */
export async function vapidKeys(db: Database, config: Config): Promise<Vapid> {
  const keys = config.push.keys ?? (await storedVapidKeys(db));
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: config.push.subject };
}

export type PushOptions = {
  /** How often to look for notifications not pushed yet. */
  pollMs: number;
  batch: number;
  /** How long a push service keeps a message for a phone that is off. */
  ttlSeconds: number;
  timeoutMs: number;
  /** How to reach push services (a proxy's or a private certificate authority's agent); the default otherwise. */
  agent?: Agent;
  /** The push services an endpoint may be at (config.push.serviceHosts). */
  serviceHosts: readonly string[];
};

const DEFAULTS = { pollMs: 5_000, batch: 50, ttlSeconds: 24 * 60 * 60, timeoutMs: 10_000 };
/** The longest a title may take on a lock screen. */
const TITLE_CHARS = 120;

/** What the service worker receives: it shows `title` and `body`, and a tap opens `url`. */
export type PushPayload = { title: string; body: string; url: string };

const HEADLINES: Record<NotificationType, string> = {
  reply_to_my_question: 'reply',
  reply_to_followed: 'reply',
  chat_message: 'message',
  new_conversation: 'conversation',
  conversation_closed: 'conversation',
  mentor_verified: 'other',
  mentor_declined: 'other',
  content_removed: 'other',
  new_reports: 'other',
  topic_question: 'question',
  conversation_reminder: 'conversation',
  conversation_no_reply: 'conversation',
};

/**
 * The lock screen's text, in the person's language. A phone may be shared: it names nothing ("New reply on
 * Mentor Me") unless the person chose to see titles, and then only the question's or chat's title.
 */
export function pushPayload(row: NewsRow, locale: Locale, showsTitles: boolean): PushPayload {
  const t = (key: string) => translate(locale, `mail.push.${key}` as MessageKey);
  const title = showsTitles ? titleOf(row) : null;
  return {
    title: t(HEADLINES[row.type]),
    body: title ? excerpt(title, TITLE_CHARS) : t('body'),
    url: target(row).path,
  };
}

type Claimed = NewsRow & { id: string; user_id: string; read_at: Date | string | null };

/** A notification older than this is not pushed: the moment has passed, and the bell and the email still tell. */
const FRESH = sql`interval '15 minutes'`;

/**
 * Sends web pushes. Any number of instances run one each: a notification is claimed by setting `pushed_at`
 * (`for update skip locked`), so it is pushed once, to every subscription of its person when push is on for its
 * type. Only people with a subscription are looked at. A subscription the push service says is gone (404, 410) is
 * deleted; other failures are logged and not retried (the email is the channel that waits).
 */
export class PushSender extends PolledWorker {
  private readonly options: PushOptions;

  constructor(
    private readonly db: Database,
    private readonly vapid: Vapid,
    options: Partial<PushOptions> & Pick<PushOptions, 'serviceHosts'>,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {
    super(
      () => this.options.pollMs,
      (error) => log('The push sender failed', error),
    );
    this.options = { ...DEFAULTS, ...options };
  }

  /** Claims a batch of fresh notifications and pushes them. Returns whether there were any. */
  async runOnce(): Promise<boolean> {
    const { rows } = await this.db.execute<Claimed>(sql`
      with due as (
        select n.id from notifications n
        where n.user_id in (select user_id from push_subscriptions)
          and n.pushed_at is null and n.created_at > now() - ${FRESH}
        order by n.created_at
        limit ${this.options.batch}
        for update skip locked)
      update notifications n set pushed_at = now()
      from due
      where n.id = due.id
      returning n.id, n.user_id, n.type, n.event_key, n.question_id, n.reply_id, n.conversation_id, n.detail, n.count,
        n.read_at,
        (select title from questions where id = n.question_id) as question_title,
        (select title from conversations where id = n.conversation_id) as conversation_title`);
    const unread = rows.filter((row) => row.read_at === null);
    if (unread.length > 0) await this.push(unread);
    return rows.length > 0;
  }

  private async push(rows: Claimed[]): Promise<void> {
    const userIds = [...new Set(rows.map((row) => row.user_id))];
    const [preferences, people, subscriptions] = await Promise.all([
      preferencesOf(this.db, userIds),
      this.db.select({ id: users.id, locale: users.locale }).from(users).where(inArray(users.id, userIds)),
      this.db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds)),
    ]);
    const locales = new Map(people.map((person) => [person.id, person.locale]));
    const sends = rows.flatMap((row) => {
      const chosen = preferences.get(row.user_id)!;
      if (!chosen.types[row.type].push) return [];
      const payload = JSON.stringify(
        pushPayload(row, locales.get(row.user_id) ?? 'en', chosen.pushShowsTitles),
      );
      return subscriptions
        .filter((subscription) => subscription.userId === row.user_id)
        .map((subscription) => this.send(subscription, payload));
    });
    await Promise.all(sends);
  }

  private async send(subscription: typeof pushSubscriptions.$inferSelect, payload: string): Promise<void> {
    // A row written before the check, or by hand, is checked as a new subscription is: one that fails is never
    // connected to, and is dropped.
    const endpoint = pushEndpoint(subscription.endpoint, this.options.serviceHosts);
    if (!endpoint) {
      await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      this.log(`Push subscription ${subscription.id} is not at a push service: dropped`);
      return;
    }
    try {
      await webpush.sendNotification(
        { endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: this.vapid,
          TTL: this.options.ttlSeconds,
          timeout: this.options.timeoutMs,
          contentEncoding: 'aes128gcm',
          ...(this.options.agent ? { agent: this.options.agent } : {}),
        },
      );
      await this.db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: new Date() })
        .where(eq(pushSubscriptions.id, subscription.id));
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) {
        await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        return;
      }
      // The endpoint is a capability address: the log names the subscription, not where it points.
      this.log(`Push to subscription ${subscription.id} failed`, status ?? (error as Error).message);
    }
  }
}
