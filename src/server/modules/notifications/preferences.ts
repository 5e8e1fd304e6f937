import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  type NotificationType,
  type PreferencesUpdate,
} from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

/**
 * What a person gets before choosing: an email (and a push) for what is about them; nothing beyond the bell for
 * replies to questions they only follow, which can be many, and for the admins' report queue.
 */
const EMAIL_BY_DEFAULT: Record<NotificationType, boolean> = {
  reply_to_my_question: true,
  reply_to_followed: false,
  new_conversation: true,
  chat_message: true,
  conversation_closed: true,
  mentor_verified: true,
  mentor_declined: true,
  content_removed: true,
  new_reports: false,
  topic_question: false,
  conversation_reminder: true,
  conversation_no_reply: true,
};

/**
 * In SQL, whether `userType` (an expression naming a type) is emailed to the person whose preferences row is `p`
 * (left-joined: none means the defaults).
 */
export const wantsEmail = (userType: SQL) =>
  sql`coalesce((p.types -> ${userType} ->> 'email')::boolean,
    ${userType} in ${NOTIFICATION_TYPES.filter((type) => EMAIL_BY_DEFAULT[type])})`;

export function defaultPreferences(): NotificationPreferences {
  return {
    types: Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [
        type,
        { email: EMAIL_BY_DEFAULT[type], push: EMAIL_BY_DEFAULT[type] },
      ]),
    ) as NotificationPreferences['types'],
    emailDigest: false,
    pushShowsTitles: false,
    waitingEmail: false,
  };
}

type StoredPreferences = Pick<
  typeof notificationPreferences.$inferSelect,
  'types' | 'emailDigest' | 'pushShowsTitles' | 'waitingEmail'
>;

/** The stored choices over the defaults: a type or channel never chosen keeps its default. */
function effective(stored: StoredPreferences | undefined): NotificationPreferences {
  const preferences = defaultPreferences();
  if (!stored) return preferences;
  for (const type of NOTIFICATION_TYPES) {
    preferences.types[type] = { ...preferences.types[type], ...stored.types[type] };
  }
  return {
    ...preferences,
    emailDigest: stored.emailDigest,
    pushShowsTitles: stored.pushShowsTitles,
    waitingEmail: stored.waitingEmail,
  };
}

/** Each person's effective preferences (defaults for those who never chose), for the email and push senders. */
export async function preferencesOf(
  db: Pick<Database, 'select'>,
  userIds: string[],
): Promise<Map<string, NotificationPreferences>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(notificationPreferences)
          .where(inArray(notificationPreferences.userId, userIds));
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  return new Map(userIds.map((id) => [id, effective(byUser.get(id))]));
}

export async function getPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  return (await preferencesOf(db, [userId])).get(userId)!;
}

/**
 * Merges a change into the stored choices (only what it names changes), under the row's lock so two changes at
 * once both count, and returns the whole of the person's preferences.
 */
export async function updatePreferences(
  db: Database,
  userId: string,
  update: PreferencesUpdate,
): Promise<NotificationPreferences> {
  return db.transaction(async (tx) => {
    await tx.insert(notificationPreferences).values({ userId }).onConflictDoNothing();
    const [stored] = await tx
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .for('update');
    const types = { ...stored!.types };
    for (const [type, channels] of Object.entries(update.types ?? {})) {
      types[type] = { ...types[type], ...channels };
    }
    const [saved] = await tx
      .update(notificationPreferences)
      .set({
        types,
        emailDigest: update.emailDigest ?? stored!.emailDigest,
        pushShowsTitles: update.pushShowsTitles ?? stored!.pushShowsTitles,
        waitingEmail: update.waitingEmail ?? stored!.waitingEmail,
        updatedAt: new Date(),
      })
      .where(eq(notificationPreferences.userId, userId))
      .returning();
    return effective(saved);
  });
}
