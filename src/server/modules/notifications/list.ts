import { sql } from 'drizzle-orm';
import type { Locale, Role } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import type { LatestCursor } from '../../../shared/schemas/questions';
import {
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationsPage,
  type NotificationType,
} from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { BADGE_ROLE } from '../../db/schema';
import { afterTime, exactTime, keysetPage } from '../../db/keyset';
import { removedKind } from './notify';
import { unreadCount } from './read';

type Row = {
  id: string;
  type: NotificationType;
  event_key: string;
  created_at: Date | string;
  /** created_at to the microsecond, for the cursor. */
  created_at_exact: string;
  read_at: Date | string | null;
  count: number;
  detail: string | null;
  question_id: string | null;
  /** The reply a reply's notification is about; the row goes with the reply. */
  reply_id: string | null;
  question_title: string | null;
  conversation_id: string | null;
  conversation_title: string | null;
  /** Null when nobody may be named: the system, Chloe, an anonymous asker, an account since deleted. */
  actor_name: string | null;
  actor_role: Role | null;
  by_chloe: boolean;
  by_anonymous_asker: boolean;
};

/**
 * The texts are made now, in the reader's language, from what the rows point at: a question's or chat's current
 * title. The asker of an anonymous question is never named, whatever the row holds.
 */
function shape(row: Row, locale: Locale): Notification {
  const t = (key: Parameters<typeof translate>[1], values = {}) => translate(locale, key, values);
  const actor =
    row.actor_name && row.actor_role ? { displayName: row.actor_name, role: row.actor_role } : null;
  const name = actor?.displayName ?? t('notify.someone');
  const question = {
    kind: 'question' as const,
    id: row.question_id,
    title: row.question_title ?? '',
    ...(row.reply_id ? { replyId: row.reply_id } : {}),
  };
  const conversation = {
    kind: 'conversation' as const,
    id: row.conversation_id,
    title: row.conversation_title ?? '',
  };
  const application = { kind: 'profile' as const, id: null, title: t('notify.targets.mentorApplication') };
  const [target, text] = ((): [Notification['target'], string] => {
    switch (row.type) {
      case 'reply_to_my_question':
        return [
          question,
          row.by_chloe
            ? t('notify.chloeReplyToMine', { title: question.title })
            : t('notify.replyToMine', { name, title: question.title }),
        ];
      case 'reply_to_followed':
        return [
          question,
          row.by_chloe
            ? t('notify.chloeReplyToFollowed', { title: question.title })
            : row.by_anonymous_asker
              ? t('notify.askerReplyToFollowed', { title: question.title })
              : t('notify.replyToFollowed', { name, title: question.title }),
        ];
      case 'new_conversation':
        return [conversation, t('notify.newConversation', { name, title: conversation.title })];
      case 'chat_message':
        return [conversation, t('notify.chatMessage', { count: row.count, name, title: conversation.title })];
      case 'conversation_closed':
        return [conversation, t('notify.conversationClosed', { name, title: conversation.title })];
      case 'mentor_verified':
        return [application, t('notify.mentorVerified')];
      case 'mentor_declined':
        return [application, t('notify.mentorDeclined', { reason: row.detail ?? '' })];
      case 'content_removed': {
        const title = row.detail ?? '';
        const key =
          removedKind(row.event_key) === 'question' ? 'notify.questionRemoved' : 'notify.replyRemoved';
        return [{ kind: 'profile', id: null, title }, t(key, { title })];
      }
      case 'new_reports':
        return [{ kind: 'reports', id: null, title: t('notify.targets.reports') }, t('notify.newReports')];
      case 'topic_question':
        return [question, t('notify.topicQuestion', { title: question.title })];
      case 'conversation_reminder':
        return [conversation, t('notify.conversationReminder', { name, title: conversation.title })];
      case 'conversation_no_reply':
        return [conversation, t('notify.conversationNoReply', { name, title: conversation.title })];
    }
  })();
  return {
    id: row.id,
    type: row.type,
    createdAt: new Date(row.created_at).toISOString(),
    readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
    actor,
    target,
    text,
  };
}

/**
 * A page of the person's notifications, newest first, with their unread count. Those about a question, reply or
 * chat since deleted went with it (the foreign keys cascade), read or not.
 */
export async function listNotifications(
  db: Database,
  userId: string,
  locale: Locale,
  cursor: LatestCursor | undefined,
): Promise<NotificationsPage> {
  const after = cursor ? sql`and ${afterTime(sql`n.created_at`, sql`n.id`, cursor)}` : sql``;
  const [result, unread] = await Promise.all([
    db.execute<Row>(sql`
      select n.id, n.type, n.event_key, n.created_at,
        ${exactTime(sql`n.created_at`)} as created_at_exact,
        n.read_at, n.count, n.detail, n.question_id, n.reply_id, q.title as question_title,
        n.conversation_id, c.title as conversation_title,
        case when q.is_anonymous and n.actor_id = q.author_id then null else u.display_name end as actor_name,
        ${BADGE_ROLE} as actor_role,
        coalesce(r.is_ai_reply, false) as by_chloe,
        coalesce(q.is_anonymous and r.author_id = q.author_id, false) as by_anonymous_asker
      from notifications n
      left join users u on u.id = n.actor_id
      left join questions q on q.id = n.question_id
      left join replies r on r.id = n.reply_id
      left join conversations c on c.id = n.conversation_id
      where n.user_id = ${userId} ${after}
      order by n.created_at desc, n.id desc
      limit ${NOTIFICATIONS_PAGE_SIZE + 1}`),
    unreadCount(db, userId),
  ]);
  const { page, nextCursor } = keysetPage(result.rows, NOTIFICATIONS_PAGE_SIZE, (last) => ({
    createdAt: last.created_at_exact,
    id: last.id,
  }));
  return {
    notifications: page.map((row) => shape(row, locale)),
    nextCursor,
    unread,
  };
}
